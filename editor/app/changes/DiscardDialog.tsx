import { useEffect, useRef, useState } from "react";
import type { ApiError } from "../api.ts";
import { Refusal } from "../PageList.tsx";

interface Props {
  /** The page as the marketer knows it: its title, or its address or file. */
  name: string;
  file: string;
  base: string;
  onDiscard: () => Promise<ApiError | undefined>;
  onClose: () => void;
}

/** Asks before a page's changes are discarded: it names the page, and says that this cannot be undone. */
export function DiscardDialog({ name, file, base, onDiscard, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<ApiError | undefined>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="confirm" aria-labelledby="discard-title" onClose={onClose}>
      <h2 id="discard-title">Discard changes to “{name}”?</h2>
      <p>
        <code>{file}</code> goes back to the published version ({base}): every change saved to it since is lost. This
        cannot be undone.
      </p>
      {error && <Refusal error={error} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={async () => {
            const refused = await onDiscard();
            if (refused) setError(refused);
            else dialog.current?.close();
          }}
        >
          Discard changes
        </button>
      </div>
    </dialog>
  );
}
