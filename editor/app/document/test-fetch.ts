import { vi } from "vitest";

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Answers the editor's API requests in a hook's test with `answer` (a status and a JSON body), and records what was
 * sent: the requests are what the hook puts on the wire.
 */
export function scriptApi(answer: (sent: Sent) => { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? "GET",
        url,
        body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
      };
      sent.push(request);
      const { status = 200, body } = answer(request);
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  return sent;
}
