import fs from "node:fs";
import path from "node:path";
import { mediaHolds, sizesWidthAt } from "../../contract/media.ts";

/** The screens pictures are weighed on: a phone at twice the density, a laptop at one. */
export const PICTURE_SCREENS = [
  { name: "390 px", viewport: 390, density: 2 },
  { name: "1366 px", viewport: 1366, density: 1 },
] as const;

export interface PictureWeight {
  /** The file the browser takes, as the page names it. */
  file: string;
  bytes: number;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The candidates of a srcset: each file with its width. */
const candidates = (srcset: string) =>
  srcset.split(", ").map((candidate) => {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    return { url: url!, width: Number(descriptor?.replace(/w$/, "") ?? 0) };
  });

/**
 * The files a page's pictures send on a screen, as a browser that reads AVIF picks them: in each <picture>, its first
 * <source> whose media query holds, its smallest candidate at least as wide as the picture's place (its `sizes` at the
 * viewport, times the density), or the widest; an <img> alone, its file. `clientDir` is the build's client folder.
 */
export function pictureWeights(html: string, clientDir: string, viewport: number, density: number): PictureWeight[] {
  const weights: PictureWeight[] = [];
  const sizeOf = (url: string) => fs.statSync(path.join(clientDir, decodeURIComponent(url))).size;
  const pictures = [...html.matchAll(/<picture\b[^>]*>([\s\S]*?)<\/picture>/g)];
  for (const [, inner] of pictures) {
    const source =
      [...inner!.matchAll(/<source\b[^>]*>/g)]
        .map(([tag]) => tag)
        .find((tag) => mediaHolds(attribute(tag, "media"), viewport)) ??
      /<img\b[^>]*>/.exec(inner!)?.[0] ??
      "";
    const srcset = attribute(source, "srcset");
    const sizes = attribute(source, "sizes");
    if (!srcset || !sizes) continue;
    const needed = sizesWidthAt(sizes, viewport) * density;
    const sorted = candidates(srcset).sort((a, b) => a.width - b.width);
    const chosen = sorted.find((candidate) => candidate.width >= needed) ?? sorted.at(-1)!;
    weights.push({ file: chosen.url, bytes: sizeOf(chosen.url) });
  }
  // Pictures served as they are (an SVG): an <img> outside any <picture>, of a local file.
  const outside = html.replace(/<picture\b[\s\S]*?<\/picture>/g, "");
  for (const [tag] of outside.matchAll(/<img\b[^>]*>/g)) {
    const src = attribute(tag, "src");
    if (src?.startsWith("/") && !src.startsWith("//") && fs.existsSync(path.join(clientDir, src)))
      weights.push({ file: src, bytes: sizeOf(src) });
  }
  return weights;
}
