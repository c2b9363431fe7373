import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Check, Copy, Link2 } from "lucide-react";
import { asSentence, editorPreviewLines } from "../../../contract/errors.ts";
import type { PreviewShareInfo, PreviewShareMade } from "../../protocol.ts";
import { type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { DialogActions } from "../controls.tsx";
import { focusAfterRender } from "../focus.ts";
import { useAnswer } from "../useAnswer.ts";
import { when } from "./when.ts";
import "../dialogs.css";

/** The days a share link may last, as the server allows them (MAX_SHARE_DAYS). */
const DAYS = [1, 2, 3, 4, 5, 6, 7];

/** A share link's state and who made and ended it, in the catalogue's words. */
export function shareLine(share: PreviewShareInfo): Refusal {
  const made = { madeBy: share.createdBy, madeAt: when(share.createdAt) };
  if (share.state === "revoked")
    return catalogueLine(editorPreviewLines.listedRevoked, {
      ...made,
      by: share.revokedBy ?? "",
      at: when(share.revokedAt ?? share.expiresAt),
    });
  if (share.state === "expired")
    return catalogueLine(editorPreviewLines.listedExpired, { ...made, at: when(share.expiresAt) });
  return catalogueLine(editorPreviewLines.listedActive, { ...made, until: when(share.expiresAt) });
}

/** The link just made, shown this once, selected on focus and copied with one press where the browser allows it. */
function MadeLink({ made, onCopied }: { made: PreviewShareMade; onCopied: (line: Refusal) => void }) {
  const [copied, setCopied] = useState(false);
  // Only a secure context (localhost, https) lets a page write to the clipboard; elsewhere the field is copied by hand.
  const clipboard = typeof navigator !== "undefined" && navigator.clipboard !== undefined;
  return (
    <div className="share-made">
      <p role="status">
        <CatalogueWords line={catalogueLine(editorPreviewLines.shareMade, { until: when(made.expiresAt) })} />
      </p>
      <div className="share-link">
        <label>
          Share link
          <input
            id={`share-link-${made.id}`}
            readOnly
            value={made.url}
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
        {clipboard && (
          <button
            type="button"
            className="button"
            onClick={() =>
              void navigator.clipboard.writeText(made.url).then(() => {
                setCopied(true);
                onCopied(catalogueLine(editorPreviewLines.shareCopied));
              })
            }
          >
            {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />} Copy
          </button>
        )}
      </div>
    </div>
  );
}

/** Asks before a share link is revoked: who made it, until when it would have lasted, and that this is final. */
function RevokeDialog({
  share,
  onRevoke,
  onClose,
}: {
  share: PreviewShareInfo;
  onRevoke: () => Promise<Refusal | undefined>;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<Refusal | undefined>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const question = catalogueLine(editorPreviewLines.revokeQuestion, {
    madeBy: share.createdBy,
    expires: when(share.expiresAt),
  });
  return (
    <dialog ref={dialog} className="confirm" aria-labelledby={`revoke-title-${share.id}`} onClose={onClose}>
      <h2 id={`revoke-title-${share.id}`}>{question.title}</h2>
      <p>
        {asSentence(question.message)} <span className="hint">{question.hint}</span>
      </p>
      <DialogActions
        refused={error}
        label="Revoke link"
        danger
        onConfirm={async () => {
          const refused = await onRevoke();
          if (refused) setError(refused);
          else dialog.current?.close();
        }}
        onCancel={() => dialog.current?.close()}
      />
    </dialog>
  );
}

/**
 * A publisher's share links of a request's preview: a new one for 1 to 7 days, shown once with Copy; the request's
 * links with their state, who made them and until when; Revoke, after a confirmation.
 */
export function PreviewShares({ id, number }: { id: string; number: number }) {
  const shares = useAnswer(useCallback(() => api.previewShares(number), [number]));
  const [days, setDays] = useState(7);
  const [made, setMade] = useState<PreviewShareMade | undefined>();
  const [line, setLine] = useState<Refusal | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<PreviewShareInfo | undefined>();

  const make = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setLine(undefined);
    try {
      const link = await api.sharePreview(number, days);
      setMade(link);
      await shares.reload();
      focusAfterRender(() => document.getElementById(`share-link-${link.id}`));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (share: PreviewShareInfo): Promise<Refusal | undefined> => {
    try {
      await api.revokePreviewShare(share.id);
    } catch (error) {
      return refusalOf(error);
    }
    // The link just made is gone from view once it, or any other, is revoked: what it says no longer holds.
    if (made?.id === share.id) setMade(undefined);
    setLine(catalogueLine(editorPreviewLines.shareRevoked, { madeBy: share.createdBy }));
    await shares.reload();
    // Its Revoke… button is gone: the list, which now says it is revoked, takes the focus.
    focusAfterRender(() => document.getElementById(`${id}-list`));
    return undefined;
  };
  const listed = shares.answer?.shares ?? [];
  return (
    <div className="preview-shares" id={id}>
      <form className="share-form" onSubmit={(event) => void make(event)}>
        <label>
          Link lasts
          <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {DAYS.map((count) => (
              <option key={count} value={count}>
                {count === 1 ? "1 day" : `${count} days`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          <Link2 size={16} aria-hidden /> Make share link
        </button>
      </form>
      {refusal && <CatalogueAlert refusal={refusal} />}
      {made && <MadeLink made={made} onCopied={setLine} />}
      <p role="status" className="share-notice">
        {line && <CatalogueWords line={line} />}
      </p>
      {shares.failure && <CatalogueAlert refusal={shares.failure} />}
      {shares.answer && listed.length === 0 && (
        <p className="muted">
          <CatalogueWords line={catalogueLine(editorPreviewLines.noShares)} />
        </p>
      )}
      {listed.length > 0 && (
        <ul id={`${id}-list`} className="share-list" tabIndex={-1} aria-label={`Share links of request #${number}`}>
          {listed.map((share) => {
            const words = shareLine(share);
            return (
              <li key={share.id} className={`share share-${share.state}`}>
                <span className="share-state">{words.title}</span>
                <span className="share-words">{words.message}</span>
                {share.state === "active" && (
                  <button
                    type="button"
                    className="button button-small button-danger-ghost"
                    aria-label={`Revoke the link ${share.createdBy} made ${when(share.createdAt)}`}
                    onClick={() => setRevoking(share)}
                  >
                    Revoke…
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {revoking && (
        <RevokeDialog share={revoking} onRevoke={() => revoke(revoking)} onClose={() => setRevoking(undefined)} />
      )}
    </div>
  );
}
