import type { MediaFile } from "../../protocol.ts";

/**
 * Where the editor serves a library file itself (public/media/team.jpg at /media/team.jpg), asked afresh once its
 * bytes change: its version is its content's digest, and a replaced file keeps its address.
 */
export const originalAddress = (file: Pick<MediaFile, "src" | "version">) =>
  `${file.src}?v=${encodeURIComponent(file.version)}`;
