import { type KeyboardEvent, type MouseEvent, useId, useRef, useState } from "react";
import { Crosshair, RotateCcw } from "lucide-react";
import type { MediaAspect, MediaFile } from "../../protocol.ts";
import { type Refusal, api, refusalOf } from "../api.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { CENTRE, type Point, pointWords, rounded } from "./crop-preview.ts";
import { CropPreviews } from "./CropPreviews.tsx";
import { originalAddress } from "./original-address.ts";

interface Props {
  file: MediaFile;
  aspects: MediaAspect[];
  /** A viewer sees the point and the crops, and moves nothing. */
  writes: boolean;
  onSaved: () => unknown;
}

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * The picture, larger, with its focal point: a click (or a drag) on it puts the point there, and the arrow keys move
 * it by 1% (10% with Shift). Beside it, the crops the site makes of it, following the point as it moves. Save writes
 * the point to the picture's framing file; Reset to centre removes the file.
 */
export function FocalPoint({ file, aspects, writes, onSaved }: Props) {
  const saved = file.focus ?? CENTRE;
  const [point, setPoint] = useState<Point>(saved);
  const [outcome, setOutcome] = useState<{ done?: string; refusal?: Refusal }>({});
  const marker = useRef<HTMLButtonElement>(null);
  const wordsId = useId();
  const moved = point.x !== saved.x || point.y !== saved.y;
  const framed = file.focus !== undefined || file.crop !== undefined;

  const moveTo = (next: Point) => {
    setPoint(rounded(next));
    setOutcome({});
  };
  const placeAt = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    moveTo({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    // The arrows move the point, not the page.
    event.preventDefault();
    const step = event.shiftKey ? 0.1 : 0.01;
    moveTo({ x: point.x + arrow.x * step, y: point.y + arrow.y * step });
  };
  const ask = async (request: () => Promise<string>) => {
    try {
      const done = await request();
      await onSaved();
      setOutcome({ done });
    } catch (error) {
      setOutcome({ refusal: refusalOf(error) });
    }
  };

  return (
    <section className="focal" aria-labelledby={`${wordsId}-title`}>
      <h3 id={`${wordsId}-title`} className="visually-hidden">
        Focal point
      </h3>
      <div
        className={`focal-frame${writes ? " focal-frame-editable" : ""}`}
        onClick={
          writes
            ? (event) => {
                // Enter or Space on the marker clicks it too, at no place on the picture: the point stays.
                if (event.target === marker.current && event.detail === 0) return;
                placeAt(event);
                marker.current?.focus();
              }
            : undefined
        }
        onPointerMove={writes ? (event) => event.buttons === 1 && placeAt(event) : undefined}
      >
        <img src={originalAddress(file)} alt="" width={file.width} height={file.height} draggable={false} />
        {writes ? (
          <button
            ref={marker}
            type="button"
            className="focal-marker"
            style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
            aria-label="Focal point"
            aria-describedby={wordsId}
            onKeyDown={onKeyDown}
          />
        ) : (
          <span className="focal-marker" style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }} />
        )}
      </div>
      <p className="focal-words" id={wordsId}>
        <Crosshair size={14} aria-hidden /> <span>Focal point: {pointWords(point)}</span>
        {writes && (
          <span className="muted">
            {" "}
            Click the picture where its subject is, or use the arrow keys (Shift: 10% at a time).
          </span>
        )}
      </p>
      <CropPreviews file={file} aspects={aspects} point={point} />
      {file.crop && (
        <p className="muted">
          Its framing file crops it too: these previews show the whole picture, and Reset to centre removes the crop.
        </p>
      )}
      {writes && (
        <div className="focal-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={!moved}
            onClick={() =>
              void ask(async () => {
                const { file: framing } = await api.frameMedia(file.src, {
                  focus: rounded(point),
                  ...(file.crop ? { crop: file.crop } : {}),
                });
                return `Focal point saved in ${framing}.`;
              })
            }
          >
            Save focal point
          </button>
          <button
            type="button"
            className="button"
            disabled={!framed && !moved}
            onClick={() =>
              void ask(async () => {
                if (framed) await api.frameMedia(file.src, {});
                setPoint(CENTRE);
                return "Back to the centre: the site keeps the middle of the picture.";
              })
            }
          >
            <RotateCcw size={14} aria-hidden /> Reset to centre
          </button>
        </div>
      )}
      <div role="status" className="media-notice">
        {outcome.done}
      </div>
      {outcome.refusal && <CatalogueAlert refusal={outcome.refusal} />}
    </section>
  );
}
