import { useEffect, useRef, useState } from "react";
import type { Refusal } from "../api.ts";
import { DialogActions } from "../controls.tsx";
import "../dialogs.css";

interface Props {
  /** The page as the marketer knows it: its title, or its address or file. */
  name: string;
  file: string;
  base: string;
  onDiscard: () => Promise<Refusal | undefined>;
  onClose: () => void;
}

/** Asks before a page's changes are discarded: it names the page, and says that this cannot be undone. */
export function DiscardDialog({ name, file, base, onDiscard, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<Refusal | undefined>();
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
      <DialogActions
        refused={error}
        label="Discard changes"
        danger
        onConfirm={async () => {
          const refused = await onDiscard();
          if (refused) setError(refused);
          else dialog.current?.close();
        }}
        onCancel={() => dialog.current?.close()}
      />
    </dialog>
  );
}
