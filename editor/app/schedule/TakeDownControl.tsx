import { useEffect, useRef, useState } from "react";
import { CalendarX } from "lucide-react";
import { BROWSER_CLOCK } from "./useScheduling.ts";
import { TakeDownForm } from "./TakeDownForm.tsx";
import "../dialogs.css";

/** A live page's "Take down…" (a publisher's, in the page's toolbar): the take-down form in a dialog of its own. */
export function TakeDownControl({
  page,
  addresses,
}: {
  page: { file: string; path: string; title: string };
  addresses: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  const close = () => {
    dialog.current?.close();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button type="button" className="button" ref={button} onClick={() => setOpen(true)}>
        <CalendarX size={16} aria-hidden /> <span className="tool-label">Take down…</span>
      </button>
      {open && (
        <dialog ref={dialog} className="confirm" aria-label={`Take down ${page.path}`} onClose={close}>
          <TakeDownForm page={page} addresses={addresses} clock={BROWSER_CLOCK} onClose={close} />
        </dialog>
      )}
    </>
  );
}
