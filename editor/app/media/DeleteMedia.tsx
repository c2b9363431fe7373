import { useEffect, useId, useRef, useState } from "react";
import { Trash2 } from "lucide-react";
import type { MediaFile } from "../../protocol.ts";
import { type Refusal, api, refusalOf } from "../api.ts";
import { DialogActions } from "../controls.tsx";
import { usageOf } from "./media-words.ts";
import "../dialogs.css";

interface Props {
  file: MediaFile;
  /** What the deletion did, in words. */
  onDeleted: (words: string) => unknown;
}

/** Asks before the file goes; the server's refusal (pages use it after all) shows in the dialog. */
function DeleteDialog({ file, onDeleted, onClose }: Props & { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="confirm" aria-labelledby="delete-media-title" onClose={onClose}>
      <h2 id="delete-media-title">Delete “{file.name}”?</h2>
      <p>
        <code>{file.src}</code> leaves public/media/, with its focal point. No page shows it now.
      </p>
      <DialogActions
        refused={refusal}
        label="Delete"
        danger
        onCancel={() => dialog.current?.close()}
        onConfirm={async () => {
          try {
            const { deleted } = await api.deleteMedia(file.src);
            dialog.current?.close();
            await onDeleted(`Deleted ${deleted.join(" and ")}.`);
          } catch (error) {
            setRefusal(refusalOf(error));
          }
        }}
      />
    </dialog>
  );
}

/**
 * Deletes a file no page uses. While pages use it the button says why it cannot: the server would refuse (and says so
 * in its words, naming the pages, if a page started using it meanwhile).
 */
export function DeleteMedia({ file, onDeleted }: Props) {
  const titleId = useId();
  const whyId = useId();
  const [asking, setAsking] = useState(false);
  const used = file.usedOn.length > 0;
  return (
    <section className="media-action" aria-labelledby={titleId}>
      <h3 id={titleId}>Delete</h3>
      <button
        type="button"
        className="button button-danger-ghost"
        disabled={used}
        aria-describedby={used ? whyId : undefined}
        onClick={() => setAsking(true)}
      >
        <Trash2 size={14} aria-hidden /> Delete file
      </button>
      {used && (
        <p className="muted" id={whyId}>
          {usageOf(file)}: remove it from {file.usedOn.length === 1 ? "that page" : "them"} first.
        </p>
      )}
      {asking && <DeleteDialog file={file} onDeleted={onDeleted} onClose={() => setAsking(false)} />}
    </section>
  );
}
