import type { MediaFile } from "../../protocol.ts";
import { MediaTile } from "./MediaTile.tsx";

interface Props {
  files: MediaFile[];
  onPick: (file: MediaFile) => void;
  /** The file whose details are open (the library), or the field's file (a picker). */
  marked?: string | null;
  /** How the marked file's tile says so: pressed (its details are open) or current (the field's file). */
  mark?: "pressed" | "current";
}

/** The library's files as tiles, in a grid as wide as its place allows. */
export function MediaGrid({ files, onPick, marked, mark = "pressed" }: Props) {
  return (
    <ul className="media-grid" aria-label="Files">
      {files.map((file) => (
        <MediaTile
          key={file.src}
          file={file}
          onPick={onPick}
          pressed={mark === "pressed" ? file.src === marked : undefined}
          current={mark === "current" && file.src === marked}
        />
      ))}
    </ul>
  );
}
