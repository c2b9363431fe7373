import { useRef } from "react";
import { Lock } from "lucide-react";
import { asSentence, teamLockLines } from "../../../contract/errors.ts";
import { catalogueLine } from "../api.ts";
import { CatalogueWords } from "../CatalogueAlert.tsx";
import { DialogActions } from "../controls.tsx";
import type { SoftLock } from "./useSoftLock.ts";
import "./lock-notice.css";

/**
 * What the page says while someone else holds it: "Mia is editing this page" (or, to the person it was taken from,
 * that Mia took it over), and Take over, which asks first.
 */
export function LockNotice({ lock, writes }: { lock: SoftLock; writes: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  if (!lock.holder) return null;
  const { name } = lock.holder;
  const line = catalogueLine(lock.taken ? teamLockLines.takenOver : teamLockLines.editing, { name });
  const confirm = catalogueLine(teamLockLines.takeOverConfirm, { name });
  return (
    <>
      <div
        className={`notice lock-notice${lock.taken ? " lock-notice-taken" : ""}`}
        role={lock.taken ? "alert" : "status"}
      >
        <Lock size={16} aria-hidden />{" "}
        <span>
          <CatalogueWords line={line} />
        </span>
        {writes && (
          <>
            {" "}
            <button type="button" className="button" onClick={() => dialog.current?.showModal()}>
              Take over
            </button>
          </>
        )}
      </div>
      {writes && (
        <dialog ref={dialog} className="take-over" aria-labelledby="take-over-title">
          <h2 id="take-over-title">{confirm.title}</h2>
          <p>{asSentence(confirm.message)}</p>
          <p className="muted">{confirm.hint}</p>
          <DialogActions
            label="Take over"
            onCancel={() => dialog.current?.close()}
            onConfirm={() => {
              dialog.current?.close();
              void lock.takeOver();
            }}
          />
        </dialog>
      )}
    </>
  );
}
