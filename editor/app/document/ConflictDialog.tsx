import type { MouseEvent, RefObject } from "react";
import { editorErrors } from "../../../contract/errors.ts";

interface Props {
  dialog: RefObject<HTMLDialogElement | null>;
  shown: boolean;
  onClosed: () => void;
  onReload: () => void;
  onKeepMine: () => void;
}

/** Asks what to do when the file changed on disk since it was opened: their version, or mine over it. */
export function ConflictDialog({ dialog, shown, onClosed, onReload, onKeepMine }: Props) {
  const close = (then: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    event.currentTarget.closest("dialog")?.close();
    then();
  };
  return (
    <dialog ref={dialog} className="conflict" aria-labelledby="conflict-title" onClose={onClosed}>
      {shown && (
        <>
          <h2 id="conflict-title">{editorErrors.conflict.title}</h2>
          <p>{editorErrors.conflict.message}</p>
          <p className="muted">{editorErrors.conflict.hint}</p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={close(onReload)}>
              Reload from disk
            </button>
            <button type="button" className="button button-primary" onClick={close(onKeepMine)}>
              Keep mine
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
