import { PassThrough } from "node:stream";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { createEmotionCache } from "./emotion.ts";
import { type IslandAssets, IslandAssetsContext } from "./islands/IslandScripts.tsx";
import { enhancementChunks, islandRuntimeChunks } from "./islands/runtime-chunks.server.ts";
import { markPrerenderedStyles } from "./prerendered-styles.server.ts";
import { reportError } from "./report-error.server.ts";
import { PageParts } from "./rendered-once.server.tsx";
import { PartsOfPageContext } from "./chrome/RenderedOnce.tsx";

const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders a page to complete HTML (every lazy block resolved), then inlines the critical CSS that emotion
 * produced for exactly this page into <head>. A fresh cache per render keeps pages from sharing styles.
 * The page loads no router in the browser: the root layout links the islands entry (entry.client.tsx), named here.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const cache = createEmotionCache();
  // Not under the dev server: a part rendered once would not follow a change to its code.
  const parts = import.meta.env.DEV ? null : new PageParts(cache);
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { entry, hmr } = routerContext.manifest;
  const islands: IslandAssets = {
    module: entry.module,
    imports: entry.imports,
    runtime: islandRuntimeChunks(entry.module),
    enhancementChunks: (types) => enhancementChunks(entry.module, types),
    hmrRuntime: hmr?.runtime,
  };

  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    // Cleared once the page is rendered: a pending timer would keep the process that rendered the page alive.
    const timeout = setTimeout(() => abort(), RENDER_TIMEOUT_MS);
    const { pipe, abort } = renderToPipeableStream(
      <CacheProvider value={cache}>
        <IslandAssetsContext.Provider value={islands}>
          <PartsOfPageContext.Provider value={parts}>
            <ServerRouter context={routerContext} url={request.url} />
          </PartsOfPageContext.Provider>
        </IslandAssetsContext.Provider>
      </CacheProvider>,
      {
        // React moves large Suspense boundaries out of line (into a hidden element revealed by a script) to paint
        // sooner while streaming. A prerendered page is written whole, and must read without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timeout);
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => {
            let html = Buffer.concat(chunks).toString("utf8");
            let styles: string;
            try {
              if (parts) html = parts.fill(html);
              styles = markPrerenderedStyles(constructStyleTagsFromChunks(extractCriticalToChunks(html)));
            } catch (error) {
              reject(error);
              return;
            }
            headers.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              // Bytes, not the text: a text body is checked for lone surrogates first, a scan of the whole page.
              new Response(Buffer.from(html.replace("</head>", `${styles}</head>`)), {
                status: failed ? 500 : status,
                headers,
              }),
            );
          });
          pipe(sink);
        },
        onShellError(error) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error) {
          failed = true;
          reportError(error);
        },
      },
    );
  });
}

/** React Router's report of an error in a loader or a render: a request the visitor left is not one. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (!request.signal.aborted) reportError(error);
}
