import { RefreshCw } from "lucide-react";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { MergeChoice } from "../document/MergeChoice.tsx";
import type { GetLatestState } from "./useGetLatest.ts";
import "./latest.css";

/** The header's Get latest button; it stays focusable while it runs, and a second click then does nothing. */
export function GetLatestButton({ latest }: { latest: GetLatestState }) {
  const label = latest.busy ? "Getting latest…" : "Get latest";
  return (
    <button
      type="button"
      className="button"
      title="Get latest"
      aria-label={label}
      aria-busy={latest.busy}
      onClick={() => void (latest.busy || latest.run())}
    >
      <RefreshCw size={16} aria-hidden className={latest.busy ? "spin" : undefined} />{" "}
      <span className="tool-label">{label}</span>
    </button>
  );
}

/**
 * What Get latest did, under the header: a status line that is always there (so that screen readers announce what
 * comes into it), the refusal as an alert, and the choice of a value for each field both the person and the latest
 * site changed.
 */
export function LatestOutcome({ latest }: { latest: GetLatestState }) {
  const { outcome, dismiss } = latest;
  return (
    <>
      <div className="latest-status" role="status">
        {outcome?.done && (
          <>
            <CatalogueWords line={outcome.done} />{" "}
            <button type="button" className="link-button" onClick={dismiss}>
              Close
            </button>
          </>
        )}
      </div>
      {outcome?.refused && <CatalogueAlert refusal={outcome.refused} onClose={dismiss} />}
      {latest.choosing && (
        <MergeChoice
          words={latest.choosing.words}
          files={latest.choosing.files}
          metas={latest.metas}
          action="Get latest with these choices"
          onChosen={(choices) => void latest.run(choices)}
          onCancel={latest.dismissChoosing}
        />
      )}
    </>
  );
}
