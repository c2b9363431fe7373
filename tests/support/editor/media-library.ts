import { vi } from "vitest";
import type { MediaAspect, MediaFile, MediaLibraryAnswer } from "../../../editor/protocol.ts";

/** A request the media library's tests saw leave: its JSON body parsed, or the file it carried (an upload). */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** A photo three pages show, with no framing. */
export const TEAM: MediaFile = {
  src: "/media/team.jpg",
  name: "team.jpg",
  kind: "image",
  type: "image/jpeg",
  bytes: 245_300,
  width: 1200,
  height: 800,
  version: "a1b2c3",
  usedOn: [
    { file: "site-config/pages/about.json", path: "/about", title: "About us" },
    { file: "site-config/pages/careers.json", path: "/careers", title: "Careers" },
    { file: "site-config/sections/closing.json", path: "section:closing", title: "Closing" },
  ],
};

/** A logo in a folder of its own that no page shows. */
export const LOGO: MediaFile = {
  src: "/media/logos/acme.svg",
  name: "acme.svg",
  kind: "image",
  type: "image/svg+xml",
  bytes: 1_800,
  width: 240,
  height: 80,
  version: "d4e5f6",
  usedOn: [],
};

/** A video one page plays. */
export const DEMO: MediaFile = {
  src: "/media/demo.mp4",
  name: "demo.mp4",
  kind: "video",
  type: "video/mp4",
  bytes: 4_200_000,
  version: "0a0b0c",
  usedOn: [{ file: "site-config/pages/home.json", path: "/", title: "Home" }],
};

export const ASPECTS: MediaAspect[] = [
  { ratio: 3 / 2, label: "3:2", places: ["Card grid", "Use-case cards"] },
  { ratio: 1, label: "1:1", places: ["Logo wall"] },
  { ratio: 16 / 9, label: "16:9", places: ["Hero (behind the text)"] },
];

export const library = (files: MediaFile[] = [DEMO, TEAM, LOGO]): MediaLibraryAnswer => ({ files, aspects: ASPECTS });

/** A refusal as the editor's server answers it: the status, and the catalogue entry's words. */
export const refusal = (status: number, error: { code: string; title: string; message: string; hint: string }) => ({
  status,
  body: { error },
});

/**
 * Answers the editor's API as `answer` says (GET /api/media/library with `library()` unless it says otherwise), and
 * records every request: what the library puts on the wire.
 */
export function scriptMediaApi(
  answer: (sent: SentRequest) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? "GET",
        url,
        body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : init.body,
      };
      sent.push(request);
      const { status = 200, body } =
        answer(request) ?? (url === "/api/media/library" ? { body: library() } : { status: 404, body: {} });
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  return sent;
}

/** The requests other than the library's list: what a person's action sent. */
export const writes = (sent: SentRequest[]) => sent.filter((request) => request.url !== "/api/media/library");
