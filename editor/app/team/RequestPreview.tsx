import { useCallback, useEffect, useId, useState } from "react";
import { CircleAlert, CircleCheck, CircleDashed, CircleOff, ExternalLink, LoaderCircle, Share2 } from "lucide-react";
import { editorPreviewLines } from "../../../contract/errors.ts";
import { type PreviewStatus, previewAddress } from "../../protocol.ts";
import { type Refusal, api, catalogueLine } from "../api.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { useAnswer } from "../useAnswer.ts";
import { PreviewShares } from "./PreviewShares.tsx";
import { when } from "./when.ts";
import "./request-preview.css";

/** How often a preview being built is asked about again: a build takes seconds to a minute. */
export const PREVIEW_POLL_MS = 3_000;

const ICONS: Record<PreviewStatus["state"], typeof CircleCheck> = {
  off: CircleOff,
  absent: CircleDashed,
  building: LoaderCircle,
  ready: CircleCheck,
  failed: CircleAlert,
};

/** Where a preview stands, in the catalogue's words: a build under way or failed says which one still serves. */
export function previewLine(status: PreviewStatus): Refusal {
  const builtAt = status.builtAt === undefined ? undefined : when(status.builtAt);
  switch (status.state) {
    case "ready":
      // The build's own line ends a sentence of its own; here it goes on inside the catalogue's.
      return catalogueLine(editorPreviewLines.ready, {
        builtAt: builtAt ?? "",
        summary: status.summary?.replace(/\.$/, ""),
      });
    case "building":
      return builtAt
        ? catalogueLine(editorPreviewLines.buildingServing, { builtAt })
        : catalogueLine(editorPreviewLines.building);
    case "failed":
      return builtAt
        ? catalogueLine(editorPreviewLines.failedServing, { message: status.message ?? "", builtAt })
        : catalogueLine(editorPreviewLines.failed, { message: status.message ?? "" });
    case "off":
      return catalogueLine(editorPreviewLines.off);
    default:
      return catalogueLine(editorPreviewLines.absent);
  }
}

/**
 * A request's status, asked when it mounts and again every few seconds while its preview is being built; once ready
 * or failed it is asked no more (a publication to the request is seen when the review is opened again).
 */
function usePreviewStatus(number: number) {
  const status = useAnswer(useCallback(() => api.previewStatus(number), [number]));
  const building = status.answer?.state === "building";
  const { reload } = status;
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => void reload(), PREVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [building, reload]);
  return status;
}

/**
 * A request's live preview in its review: where its build stands and Open preview, which signs the reader in to the
 * preview's own origin in a new tab; for a publisher, its share links for people outside the team.
 */
export function RequestPreview({ number, canShare }: { number: number; canShare: boolean }) {
  const { answer: status, failure } = usePreviewStatus(number);
  const [sharing, setSharing] = useState(false);
  const ids = { shares: useId() };
  const Icon = ICONS[status?.state ?? "absent"];
  const line = status && previewLine(status);
  return (
    // Each open request's review has one: its name says whose, so that each region is told apart.
    <section className="request-preview" aria-label={`Preview of request #${number}`}>
      <div className={`preview-state preview-${status?.state ?? "absent"}`}>
        <Icon size={20} aria-hidden className="preview-icon" />
        <div className="preview-text">
          <h3>Preview</h3>
          {/* Polite: a build that ends is said once, without taking the reader from what they are doing. */}
          <p aria-live="polite">{line && <CatalogueWords line={line} />}</p>
        </div>
        {status?.state !== "off" && (
          <div className="preview-buttons">
            <a className="button" href={previewAddress(number)} target="_blank" rel="noopener">
              <ExternalLink size={16} aria-hidden /> Open preview
              <span className="visually-hidden"> of request #{number} (opens in a new tab)</span>
            </a>
            {canShare && (
              <button
                type="button"
                className="button"
                aria-expanded={sharing}
                aria-controls={sharing ? ids.shares : undefined}
                onClick={() => setSharing(!sharing)}
              >
                <Share2 size={16} aria-hidden /> Share preview…
              </button>
            )}
          </div>
        )}
      </div>
      {failure && <CatalogueAlert refusal={failure} />}
      {canShare && sharing && <PreviewShares id={ids.shares} number={number} />}
    </section>
  );
}
