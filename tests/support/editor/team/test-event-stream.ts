import http from "node:http";

export interface ServerEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  events: ServerEvent[];
  /** The first event (already received or to come) that `matches`, within `timeoutMs`. */
  waitFor(matches: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  close(): void;
}

/**
 * A server-sent event stream read as a browser's EventSource reads it, over a connection to `port` that carries the
 * public address's Host and the session's cookie (as a balancer forwards it).
 */
export function openEventStream(options: { port: number; host: string; path: string; cookie: string }) {
  return new Promise<EventStream>((resolve, reject) => {
    const events: ServerEvent[] = [];
    const waiting = new Set<() => void>();
    const request = http.get(
      {
        host: "127.0.0.1",
        port: options.port,
        path: options.path,
        headers: { host: options.host, cookie: options.cookie, accept: "text/event-stream" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`the event stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = "";
        response.on("data", (chunk: Buffer) => {
          buffer += chunk.toString("utf8");
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const field = (name: string) =>
              block
                .split("\n")
                .find((line) => line.startsWith(`${name}: `))
                ?.slice(name.length + 2);
            const event = field("event");
            const data = field("data");
            if (event && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
          }
          waiting.forEach((check) => check());
        });
        resolve({
          events,
          waitFor: (matches, timeoutMs = 5000) =>
            new Promise((found, fail) => {
              const check = () => {
                const event = events.find(matches);
                if (!event) return;
                waiting.delete(check);
                clearTimeout(timer);
                found(event);
              };
              const timer = setTimeout(() => {
                waiting.delete(check);
                fail(new Error(`no such event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
              }, timeoutMs);
              waiting.add(check);
              check();
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on("error", (error) => (error.message === "socket hang up" ? undefined : reject(error)));
  });
}
