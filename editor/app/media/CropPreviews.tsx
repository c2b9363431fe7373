import { useId } from "react";
import { type MediaAspect, type MediaFile, mediaThumbnailAddress } from "../../protocol.ts";
import { type Point, objectPositionFor } from "./crop-preview.ts";

/** The height of each preview, in CSS pixels: its width follows from its shape. */
const PREVIEW_HEIGHT = 84;

/**
 * The picture as each shape the site cuts it to shows it, around the focal point: the thumbnail in a box of that shape,
 * scaled to cover it and placed as the build cuts it. Labelled by the shape and the places that use it.
 */
export function CropPreviews({ file, aspects, point }: { file: MediaFile; aspects: MediaAspect[]; point: Point }) {
  const captionId = useId();
  if (aspects.length === 0) return null;
  return (
    <ul className="crop-previews" aria-label="How the site crops it">
      {aspects.map((aspect, index) => (
        <li key={aspect.label}>
          {/* Named by its caption, which not every browser's accessibility tree does by itself. */}
          <figure aria-labelledby={`${captionId}-${index}`}>
            <img
              src={mediaThumbnailAddress(file)}
              alt=""
              className="crop-preview"
              style={{
                aspectRatio: String(aspect.ratio),
                width: `${Math.round(Math.min(PREVIEW_HEIGHT * aspect.ratio, PREVIEW_HEIGHT * 2.4))}px`,
                objectPosition: objectPositionFor(file, point, aspect.ratio),
              }}
            />
            <figcaption id={`${captionId}-${index}`}>
              <strong>{aspect.label}</strong>
              {aspect.places.length > 0 && <> — {aspect.places.join(", ")}</>}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
