import { useRef, useState } from "react";
import { Columns2, PencilLine, Trash2 } from "lucide-react";
import type { ChangeKind, ChangedFile } from "../../protocol.ts";
import { editorGitErrors, editorPublishLines } from "../../../contract/errors.ts";
import { type Bootstrap, type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import { dropDraft } from "../document/drafts.ts";
import { focusAfterRender, useArrivalFocus } from "../focus.ts";
import { Topbar } from "../Topbar.tsx";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { Comparison, SITE_FILE } from "./Comparison.tsx";
import { DiscardDialog } from "./DiscardDialog.tsx";
import { MediaComparison } from "./MediaComparison.tsx";
import { announceDiscarded } from "./discarded.ts";
import { PublishPanel } from "./PublishPanel.tsx";
import { PublishedList } from "./PublishedList.tsx";
import { useChanges, usePublished } from "./useChanges.ts";
import "./changes.css";

interface Props {
  boot: Bootstrap;
  /** Whether the view was reached from another one (rather than opened by the address). */
  arrived: boolean;
  onBack: () => void;
  onOpen: (file: string) => void;
  onPagesChanged: () => void;
}

const KIND_WORDS: Record<ChangeKind, string> = { added: "Added", changed: "Changed", deleted: "Deleted" };

/** Pages and the site settings are shown before and after in the preview; images and videos as themselves. */
const isDocument = (file: string) => file.startsWith("site-config/");

/**
 * What differs from the published site (the base): every changed page with its address and its fields in words,
 * the site settings and media; a page before and after; publishing for review, and where published changes stand.
 */
export function ChangesView({ boot, arrived, onBack, onOpen, onPagesChanged }: Props) {
  const heading = useArrivalFocus(arrived);
  const changes = useChanges();
  const published = usePublished();
  const [compared, setCompared] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<ChangedFile | null>(null);
  const [discarded, setDiscarded] = useState<Refusal | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const answer = changes.answer;
  const base = answer?.base ?? "";
  const titles = new Map(boot.pages.map((page) => [page.file, page.title]));
  // A viewer reads the changes: nothing to publish or discard (the server refuses their writes whatever is sent).
  const writes = boot.person?.role !== "viewer";
  // A page by its title, an image or video by its file's name (its path is shown beside it).
  const nameOf = ({ file, path }: ChangedFile) => {
    if (file === SITE_FILE) return "Site settings";
    if (!isDocument(file)) return file.slice(file.lastIndexOf("/") + 1);
    return titles.get(file) ?? path ?? file;
  };
  // The first changed file shows before and after at once; another is picked with its button.
  const changed = answer?.changes ?? [];
  const shown = changed.find((change) => change.file === compared) ?? changed[0];

  const discard = async (change: ChangedFile) => {
    try {
      await api.discard(change.file);
    } catch (error) {
      return refusalOf(error);
    }
    dropDraft(change.file);
    announceDiscarded(change.file);
    setDiscarded(catalogueLine(editorPublishLines.discarded, { page: nameOf(change), base }));
    await changes.reload();
    onPagesChanged();
    focusAfterRender(() => listHeading.current);
    return undefined;
  };

  return (
    <div className="changes-screen">
      <Topbar
        heading={heading}
        title="Changes"
        detail={base && <>Compared with the published site, {base}</>}
        onBack={onBack}
      />
      <main id="main" className="changes">
        <section className="changes-card changes-list" aria-labelledby="changed-title">
          <h2 id="changed-title" ref={listHeading} tabIndex={-1}>
            Changed files
            {answer && (
              <>
                {" "}
                <span className="count-badge">{answer.changes.length}</span>
              </>
            )}
          </h2>
          <div role="status">
            {discarded && (
              <p className="success">
                <CatalogueWords line={discarded} />
              </p>
            )}
          </div>
          {changes.failure && <CatalogueAlert refusal={changes.failure} />}
          {answer?.inReview && (
            <p className="review-note">
              <CatalogueWords line={catalogueLine(editorGitErrors.inReview, answer.inReview)} />
            </p>
          )}
          {answer?.merged && (
            <p className="review-note">
              <CatalogueWords line={catalogueLine(editorGitErrors.alreadyMerged, { files: answer.merged })} />
            </p>
          )}
          {answer && answer.changes.length === 0 && (
            <p className="muted">
              <CatalogueWords line={catalogueLine(editorPublishLines.noChanges, { base })} />
            </p>
          )}
          <ul className="change-list">
            {answer?.changes.map((change) => {
              const name = nameOf(change);
              const state = answer.inReview?.files.includes(change.file)
                ? "In review"
                : answer.merged?.includes(change.file)
                  ? "Merged"
                  : undefined;
              return (
                <li key={change.file} className={`change${shown === change ? " change-shown" : ""}`}>
                  <div className="change-head">
                    <span className={`kind kind-${change.kind}`}>{KIND_WORDS[change.kind]}</span>
                    <div className="change-name">
                      <strong>{name}</strong>
                      {change.path && <code>{change.path}</code>}
                      <span className="muted change-file">{change.file}</span>
                    </div>
                    {state && <span className={`state state-${state === "Merged" ? "merged" : "open"}`}>{state}</span>}
                  </div>
                  {change.fields.length > 0 && (
                    <ul className="change-fields" aria-label={`Fields changed in ${name}`}>
                      {change.fields.map((field) => (
                        <li key={field}>{field}</li>
                      ))}
                    </ul>
                  )}
                  <div className="change-actions">
                    <button
                      type="button"
                      className="button button-small"
                      aria-pressed={shown === change}
                      aria-label={`Before and after of ${name}`}
                      onClick={() => setCompared(change.file)}
                    >
                      <Columns2 size={14} aria-hidden /> Before and after
                    </button>
                    {isDocument(change.file) && change.kind !== "deleted" && (
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Edit ${name}`}
                        onClick={() => onOpen(change.file)}
                      >
                        <PencilLine size={14} aria-hidden /> Edit
                      </button>
                    )}
                    {writes && (
                      <button
                        type="button"
                        className="button button-small button-danger-ghost"
                        aria-label={`Discard changes to ${name}`}
                        onClick={() => setDiscarding(change)}
                      >
                        <Trash2 size={14} aria-hidden /> Discard changes
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {answer && answer.notContent.length > 0 && (
            <p className="muted">
              Never published (not pages, site settings or media):{" "}
              {answer.notContent.map((file) => (
                <code key={file}>{file} </code>
              ))}
            </p>
          )}
        </section>
        <div className="changes-side">
          {writes && (
            <PublishPanel
              onPublished={() => {
                void published.reload();
                void changes.reload();
              }}
            />
          )}
          <PublishedList published={published.answer} failure={published.failure} />
        </div>
        {shown &&
          (isDocument(shown.file) ? (
            <Comparison key={shown.file} {...shown} name={nameOf(shown)} base={base} boot={boot} />
          ) : (
            <MediaComparison key={shown.file} {...shown} name={nameOf(shown)} base={base} />
          ))}
      </main>
      {discarding && (
        <DiscardDialog
          name={nameOf(discarding)}
          file={discarding.file}
          base={base}
          onDiscard={() => discard(discarding)}
          onClose={() => setDiscarding(null)}
        />
      )}
    </div>
  );
}
