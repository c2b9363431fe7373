import { PassThrough } from "node:stream";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { createEmotionCache } from "./emotion.ts";

const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders a page to complete HTML (every lazy block resolved), then inlines the critical CSS that emotion
 * produced for exactly this page into <head>. A fresh cache per render keeps pages from sharing styles.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);

  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <CacheProvider value={cache}>
        <ServerRouter context={routerContext} url={request.url} />
      </CacheProvider>,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => {
            const html = Buffer.concat(chunks).toString("utf8");
            const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
            headers.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html.replace("</head>", `${styles}</head>`), { status: failed ? 500 : status, headers }));
          });
          pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          failed = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS);
  });
}
