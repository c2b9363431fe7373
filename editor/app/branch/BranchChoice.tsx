import { useEffect, useRef } from "react";
import { GitBranch } from "lucide-react";
import { editorHistoryLines, messageOf } from "../../../contract/errors.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { useBranchChoice } from "./useBranchChoice.ts";
import "./branch.css";

/**
 * Says once, when the editor runs on a developer's own branch, which branch and which base, and asks: publish content
 * changes to a new branch from the base, or edit files only for this run. Escape keeps files only, the choice that
 * changes nothing in git.
 */
export function BranchChoice() {
  const { branch, ask, choose, outcome, dismiss, refused } = useBranchChoice();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (ask && !dialog.current?.open) dialog.current?.showModal();
    if (!ask && !refused) dialog.current?.close();
  }, [ask, refused]);
  const line = editorHistoryLines.onFeatureBranch;
  return (
    <>
      <dialog
        ref={dialog}
        className="branch-choice"
        aria-labelledby="branch-choice-title"
        onCancel={(event) => {
          event.preventDefault();
          void choose("files");
        }}
      >
        {branch?.branch && (
          <>
            <h2 id="branch-choice-title">
              <GitBranch size={18} aria-hidden /> {line.title}
            </h2>
            <p>{messageOf(line, { branch: branch.branch, base: branch.base })}</p>
            <p className="muted">{line.hint}</p>
            {refused && <CatalogueAlert refusal={refused} />}
            <div className="dialog-actions">
              <button type="button" className="button" onClick={() => void choose("files")}>
                Keep editing files only
              </button>
              <button type="button" className="button button-primary" onClick={() => void choose("publish")}>
                Publish to a new branch
              </button>
            </div>
          </>
        )}
      </dialog>
      <div className="branch-outcome" role="status">
        {outcome && (
          <>
            <CatalogueWords line={outcome} />{" "}
            <button type="button" className="link-button" onClick={dismiss}>
              Close
            </button>
          </>
        )}
      </div>
    </>
  );
}
