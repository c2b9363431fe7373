import { slugify } from "../../../toolchain/slugs.ts";
import type { MediaFile } from "../../protocol.ts";

/** Letters that Unicode does not split into a base letter and an accent, spelt as a person would without them. */
const SPELT_OUT: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ð: "d", þ: "th", ł: "l", đ: "d" };

/** A file's name before its last dot, and its format's ending after it (without the dot; "" when it has none). */
export function splitName(name: string): { stem: string; ending: string } {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? { stem: name.slice(0, dot), ending: name.slice(dot + 1) } : { stem: name, ending: "" };
}

/**
 * The name the server takes for a file of public/media/ (lower-case words joined by hyphens, then its ending), made
 * from the name a camera or a person gave it: "Team Photo_2024.JPG" → "team-photo-2024.jpg", "Café.png" → "cafe.png".
 */
export function acceptableMediaName(name: string): string {
  const { stem, ending } = splitName(name.trim());
  const plain = stem
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[ßæœøðþłđ]/g, (letter) => SPELT_OUT[letter] ?? letter);
  const words = slugify(plain) || "file";
  const extension = ending.toLowerCase().replace(/[^a-z0-9]/g, "");
  return extension ? `${words}.${extension}` : words;
}

/** The file under the name the server takes (the same file when its name already is one). */
export function withAcceptableName(file: File): File {
  const name = acceptableMediaName(file.name);
  return name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
}

/** A file's weight as people read it: "812 B", "48 kB", "2.4 MB" (powers of 1,000, as the operating systems show). */
export function weightOf(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  const megabytes = bytes / 1_000_000;
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

/** A picture's size in pixels ("1200 × 800"); undefined for a video, whose size the library does not read. */
export const pixelsOf = (file: Pick<MediaFile, "width" | "height">) =>
  file.width && file.height ? `${file.width} × ${file.height}` : undefined;

/** How many pages show a file, in words: "Used on 3 pages", "Used on 1 page", "Not used". */
export function usageOf(file: Pick<MediaFile, "usedOn">): string {
  const count = file.usedOn.length;
  if (count === 0) return "Not used";
  return `Used on ${count} page${count === 1 ? "" : "s"}`;
}

/** Whether a file is a picture (which has a thumbnail and a focal point) rather than a video. */
export const isPicture = (file: Pick<MediaFile, "kind">) => file.kind === "image";
