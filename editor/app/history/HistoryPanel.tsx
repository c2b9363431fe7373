import { useEffect, useRef } from "react";
import { RotateCcw, X } from "lucide-react";
import type { FileVersion } from "../../protocol.ts";
import { editorHistoryLines } from "../../../contract/errors.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { catalogueLine } from "../api.ts";
import type { Doc } from "../document/drafts.ts";
import type { PageHistory } from "./usePageHistory.ts";
import { dateAndTime, timeAgo } from "./when.ts";
import "../document-editor.css";
import "./history.css";

interface Props {
  file: string;
  history: PageHistory;
  onRestore: (doc: Doc, version: FileVersion) => void;
  onClose: () => void;
}

/** Who made a version and when: the author, how long ago, and the date and time (also in the element, for tools). */
function VersionMeta({ version }: { version: FileVersion }) {
  const date = new Date(version.date);
  return (
    <span className="history-meta">
      {version.author} · <time dateTime={version.date}>{timeAgo(date, new Date())}</time> · {dateAndTime(date)}
    </span>
  );
}

/**
 * A page's history in place of its outline and form: the versions of its file, newest first, each previewed in the
 * editor's preview when picked, and restored into the editor as an unsaved change. The heading takes the focus when it
 * opens, so that the keyboard starts at the list; Escape closes it, as Back to editing does.
 */
export function HistoryPanel({ file, history, onRestore, onClose }: Props) {
  const { versions, failure, picked, pick } = history;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const none = editorHistoryLines.noHistory;
  return (
    <section
      className="history-panel"
      aria-labelledby="history-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="history-head">
        <h2 id="history-title" ref={heading} tabIndex={-1}>
          History
        </h2>
        <button type="button" className="button button-ghost" onClick={onClose}>
          <X size={16} aria-hidden /> Back to editing
        </button>
      </div>
      <p className="form-description">
        The published versions of <code>{file}</code>, newest first. Pick one to preview it; restoring it makes it an
        unsaved change to review and save.
      </p>
      {failure && <CatalogueAlert refusal={failure} />}
      {!failure && versions === null && <p className="muted">Loading history…</p>}
      {versions?.length === 0 && (
        <div className="history-empty" role="status">
          <CatalogueWords line={catalogueLine(none)} />
        </div>
      )}
      {versions && versions.length > 0 && (
        <ol className="history-list" aria-label="Versions, newest first">
          <li>
            <button
              type="button"
              className="history-item"
              aria-pressed={picked === null}
              onClick={() => void pick(null)}
            >
              <span className="history-summary">Your version now</span>
              <span className="history-meta">As in the editor, unsaved edits included</span>
            </button>
          </li>
          {versions.map((version) => {
            const current = picked?.version.commit === version.commit ? picked : null;
            return (
              <li key={version.commit}>
                <button
                  type="button"
                  className="history-item"
                  aria-pressed={current !== null}
                  onClick={() => void pick(version)}
                >
                  <span className="history-summary">{version.summary}</span>
                  <VersionMeta version={version} />
                </button>
                {current && (
                  <div className="history-actions">
                    {current.refused && <CatalogueAlert refusal={current.refused} />}
                    {current.doc && (
                      <button
                        type="button"
                        className="button button-primary"
                        onClick={() => onRestore(current.doc!, version)}
                      >
                        <RotateCcw size={16} aria-hidden /> Restore this version
                      </button>
                    )}
                    {!current.doc && !current.refused && <span className="muted">Loading this version…</span>}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** Says which version was restored, as an unsaved change, until it is saved or undone. */
export function RestoredNotice({ version, onClose }: { version: FileVersion; onClose: () => void }) {
  return (
    <div className="notice" role="status">
      <CatalogueWords
        line={catalogueLine(editorHistoryLines.restored, {
          when: dateAndTime(new Date(version.date)),
          author: version.author,
        })}
      />{" "}
      <button type="button" className="link-button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
