import type { BlockMeta } from "../block-meta.ts";
import type { ContentFiller } from "./defaults.ts";

/** The palette's thumbnails: each block type's example as static markup, and one stylesheet that they all share. */
export interface ThumbnailSet {
  /** A `blob:` URL of the style rules, parsed once by the browser however many thumbnails link it. */
  stylesheet: string;
  markup: Record<string, string>;
}

let cached: Promise<ThumbnailSet> | undefined;

/** The preview frame's renderer of thumbnails, once the frame has loaded its code. */
function rendererOf(frame: HTMLIFrameElement): Promise<NonNullable<Window["renderThumbnails"]>> {
  const ready = frame.contentWindow?.renderThumbnails;
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      const render = frame.contentWindow?.renderThumbnails;
      if (event.source !== frame.contentWindow || event.data.type !== "preview-ready" || !render) return;
      window.removeEventListener("message", onMessage);
      resolve(render);
    };
    window.addEventListener("message", onMessage);
  });
}

/**
 * The examples rendered by the preview frame (the real blocks, theme and site data), once per editor tab: the palette
 * opens at once every later time, and no block type needs code of its own to get its picture.
 */
export function loadThumbnails(
  frame: HTMLIFrameElement,
  metas: BlockMeta[],
  fill: ContentFiller,
): Promise<ThumbnailSet> {
  cached ??= rendererOf(frame)
    .then((render) => render({ examples: metas.map((meta) => ({ type: meta.type, block: fill.block(meta.example) })) }))
    .then(({ css, markup }) => ({
      stylesheet: URL.createObjectURL(new Blob([css], { type: "text/css" })),
      markup,
    }));
  // A failed attempt (the frame was replaced while it rendered) is tried again the next time the palette opens.
  cached.catch(() => (cached = undefined));
  return cached;
}

/** A thumbnail's document: the example's markup under the shared stylesheet, inert, and allowed to run no script. */
export const thumbnailDocument = (markup: string, stylesheet: string) =>
  `<!doctype html><html lang="en-GB"><head><meta http-equiv="Content-Security-Policy" content="script-src 'none'">` +
  `<link rel="stylesheet" href="${stylesheet}"><style>html,body{margin:0;overflow:hidden}</style></head>` +
  `<body inert>${markup}</body></html>`;
