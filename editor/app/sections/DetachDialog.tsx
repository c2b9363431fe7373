import { useEffect, useRef } from "react";
import { editorSectionLines, messageOf } from "../../../contract/errors.ts";
import { DialogActions } from "../controls.tsx";
import "../dialogs.css";

/** Asks before a section placed on this page is replaced by a copy of its blocks (docs/sections.md, "Detach"). */
export function DetachDialog({
  section,
  onDetach,
  onClose,
}: {
  section: string;
  onDetach: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="confirm" aria-labelledby="detach-title" onClose={onClose}>
      <h2 id="detach-title">{editorSectionLines.detach.title}</h2>
      <p>{messageOf(editorSectionLines.detach, { section })}</p>
      <p className="muted">{editorSectionLines.detach.hint}</p>
      <DialogActions
        label="Detach"
        onConfirm={() => {
          onDetach();
          dialog.current?.close();
        }}
        onCancel={() => dialog.current?.close()}
      />
    </dialog>
  );
}
