import { asSentence } from "../../contract/errors.ts";
import type { Refusal } from "./api.ts";

/**
 * A catalogue entry's three parts as the editor shows every one of them, a refusal or a result: its title, what
 * happened, what to do.
 */
export function CatalogueWords({ line }: { line: Refusal }) {
  return (
    <>
      <strong>{line.title}.</strong> {asSentence(line.message)} <span className="hint">{line.hint}</span>
    </>
  );
}

/** A refusal in the catalogue's words, announced as it appears. */
export function CatalogueAlert({ refusal, onClose }: { refusal: Refusal; onClose?: () => void }) {
  return (
    <div className="alert" role="alert">
      <CatalogueWords line={refusal} />
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
