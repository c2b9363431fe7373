import { asSentence } from "../../contract/errors.ts";
import type { Refusal } from "./api.ts";

/** A refusal in the catalogue's words, announced as it appears: its title, what happened, what to do. */
export function CatalogueAlert({ refusal, onClose }: { refusal: Refusal; onClose?: () => void }) {
  return (
    <div className="alert" role="alert">
      <strong>{refusal.title}.</strong> {asSentence(refusal.message)} <span className="alert-hint">{refusal.hint}</span>
      {onClose && (
        <>
          {" "}
          <button type="button" className="link-button" onClick={onClose}>
            Close
          </button>
        </>
      )}
    </div>
  );
}
