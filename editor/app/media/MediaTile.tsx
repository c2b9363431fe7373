import { FileVideo } from "lucide-react";
import { type MediaFile, mediaThumbnailAddress } from "../../protocol.ts";
import { isPicture, pixelsOf, usageOf, weightOf } from "./media-words.ts";

interface Props {
  file: MediaFile;
  onPick: (file: MediaFile) => void;
  /** In the library: whether its details are open (the tile is pressed). */
  pressed?: boolean;
  /** In a field's picker: whether it is the field's file now. */
  current?: boolean;
}

/**
 * One file of the library: its thumbnail (never the original, which may weigh megabytes), or a video's icon; its name,
 * size and weight, and how many pages use it. The whole tile picks it; its button is named by the file's name.
 */
export function MediaTile({ file, onPick, pressed, current }: Props) {
  // A video's size is not read: it says what it is instead.
  const pixels = pixelsOf(file) ?? (isPicture(file) ? undefined : "Video");
  return (
    <li className={`media-tile${pressed || current ? " media-tile-marked" : ""}`} data-src={file.src}>
      <span className="media-thumb">
        {isPicture(file) ? (
          <img src={mediaThumbnailAddress(file)} alt="" loading="lazy" decoding="async" />
        ) : (
          <FileVideo size={36} aria-hidden />
        )}
      </span>
      <button
        type="button"
        className="media-tile-name"
        title={file.src}
        aria-pressed={pressed}
        aria-current={current || undefined}
        onClick={() => onPick(file)}
      >
        {file.name}
      </button>
      <span className="media-tile-facts muted">{[pixels, weightOf(file.bytes)].filter(Boolean).join(" · ")}</span>
      <span className={`usage ${file.usedOn.length > 0 ? "usage-used" : "usage-unused"}`}>{usageOf(file)}</span>
    </li>
  );
}
