import { useEffect, useRef, useState } from "react";
import { CalendarX } from "lucide-react";
import type { PageSummary } from "../../protocol.ts";
import { BROWSER_CLOCK } from "./useScheduling.ts";
import { TakeDownForm, type TakeDownTarget } from "./TakeDownForm.tsx";
import "../dialogs.css";

/**
 * "Take down…" (a publisher's) of a live page, in its toolbar, or of a request's change, in its review: the take-down
 * form in a dialog of its own.
 */
export function TakeDownControl({
  target,
  pages,
  onScheduled,
}: {
  target: TakeDownTarget;
  pages: readonly PageSummary[];
  /** Told when the dialog closes after a take-down was scheduled in it. */
  onScheduled?: () => void;
}) {
  const name = target.page ? target.page.path : `request #${target.change.number}'s change`;
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  // Said once the dialog closes, not as the take-down is made: the view may then show it instead of this control,
  // which would take the dialog and its confirmation away with it.
  const scheduled = useRef(false);
  const close = () => {
    // Closed already when its own close event calls this.
    if (dialog.current?.open) dialog.current.close();
    setOpen(false);
    button.current?.focus();
    if (scheduled.current) onScheduled?.();
    scheduled.current = false;
  };
  return (
    <>
      <button type="button" className="button" ref={button} onClick={() => setOpen(true)}>
        <CalendarX size={16} aria-hidden /> <span className="tool-label">Take down…</span>
      </button>
      {open && (
        <dialog ref={dialog} className="confirm" aria-label={`Take down ${name}`} onClose={close}>
          <TakeDownForm
            target={target}
            pages={pages}
            clock={BROWSER_CLOCK}
            onClose={close}
            onScheduled={() => {
              scheduled.current = true;
            }}
          />
        </dialog>
      )}
    </>
  );
}
