import { useCallback, useMemo, useRef, useState } from "react";
import { MigrationBanner } from "./MigrationBanner.tsx";
import { History, Redo2, Save, Undo2 } from "lucide-react";
import type { BlockMeta } from "../block-meta.ts";
import type { FileVersion } from "../protocol.ts";
import { asSentence, editorErrors, editorPublishLines } from "../../contract/errors.ts";
import type { Located } from "../../contract/schema-tree.ts";
import { schemaAt } from "../../toolchain/schema-tree.ts";
import { IconButton } from "./controls.tsx";
import { Topbar } from "./Topbar.tsx";
import { ChangesLink } from "./changes/ChangesLink.tsx";
import { focusAfterRender, useArrivalFocus } from "./focus.ts";
import { ApiError, type Bootstrap, api, catalogueLine } from "./api.ts";
import { CatalogueWords } from "./CatalogueAlert.tsx";
import { ObjectFields, FieldsProvider, type FieldContext, fieldId } from "./Fields.tsx";
import { Outline } from "./Outline.tsx";
import { Palette } from "./Palette.tsx";
import { Preview, type Viewport } from "./Preview.tsx";
import { ViewportSwitch } from "./ViewportSwitch.tsx";
import { type Pane, PaneSwitch, paneChoices, shownPane } from "./PaneSwitch.tsx";
import { PHONE_LAYOUT, usePhoneLayout } from "./usePhoneLayout.ts";
import { loadThumbnails } from "./thumbnails.ts";
import { contentFiller } from "./defaults.ts";
import { type Path, pointerOf, setIn } from "./paths.ts";
import { MergeChoice } from "./document/MergeChoice.tsx";
import type { Doc } from "./document/drafts.ts";
import {
  ProblemLinks,
  ProblemList,
  blockIndexOf,
  problemsByPointer,
  problemsOfSelection,
  problemsPerBlock,
} from "./document/problems.tsx";
import { useBlockEditing } from "./document/useBlockEditing.ts";
import { useOpenedDocument } from "./document/useOpenedDocument.ts";
import { useSave } from "./document/useSave.ts";
import { omittedSettings } from "./locales/settings-fields.ts";
import { useTranslationSource } from "./locales/useTranslationSource.ts";
import { useShortcuts } from "./document/useShortcuts.ts";
import { OthersDrafts } from "./team/OthersDrafts.tsx";
import { LockNotice } from "./team/LockNotice.tsx";
import { PresenceChips } from "./team/PresenceChips.tsx";
import { usePresence } from "./team/usePresence.ts";
import { useSoftLock } from "./team/useSoftLock.ts";
import { useValidation } from "./document/useValidation.ts";
import { useDiscarded } from "./changes/discarded.ts";
import { HistoryPanel, RestoredNotice } from "./history/HistoryPanel.tsx";
import { usePageHistory } from "./history/usePageHistory.ts";
import { TakeDownControl } from "./schedule/TakeDownControl.tsx";
import { DetachDialog } from "./sections/DetachDialog.tsx";
import { SectionPanel } from "./sections/SectionPanel.tsx";
import { SectionVersions } from "./sections/SectionVersions.tsx";
import { useSectionEditing } from "./sections/useSectionEditing.ts";
import { GetLatestButton, LatestOutcome } from "./latest/GetLatest.tsx";
import type { GetLatestState } from "./latest/useGetLatest.ts";
import "./document-editor.css";

const ignoreSelection = () => undefined;

interface Props {
  file: string;
  boot: Bootstrap;
  metas: BlockMeta[];
  /** Whether the editor was reached from the list (rather than opened by the address). */
  arrived: boolean;
  onBack: () => void;
  onPagesChanged: () => void;
  latest: GetLatestState;
}

/**
 * One page (or site.json) being edited: the outline, the form and the live preview, around the document's own parts
 * (opening and drafts, validation, saving, block editing), each a hook of its own under document/.
 */
export function DocumentEditor({ file, boot, metas, arrived, onBack, onPagesChanged, latest }: Props) {
  const { history, value, saved, dirty, rootFile, loadError, restored, markSaved, adopt, reload } =
    useOpenedDocument(file);
  const { problems, isChecked } = useValidation(file, value);
  // A viewer reads: no Save, no Get latest (the server refuses their writes whatever the tab sends).
  const writes = boot.person?.role !== "viewer";
  const { save, status, setStatus, refused, dismissRefused, conflicts, dismissConflicts } = useSave({
    file,
    value,
    saved,
    problems,
    isChecked,
    markSaved,
    adopt,
    onSaved: onPagesChanged,
  });
  // The team editor: the first edit holds the page; someone else holding it makes it read-only here, and taking it
  // from this tab keeps its unsaved edits as the person's draft, saved as Save would.
  const lock = useSoftLock({ me: boot.person?.email, file, writes, onTaken: () => dirty && void save() });
  const lockedOut = lock.holder !== null;
  const present = usePresence(boot.person !== undefined, file, lock.onLockEvent);
  const { claim } = lock;
  const edit = history.change;
  const change = useCallback<typeof edit>((next, key) => claim() && edit(next, key), [claim, edit]);
  const {
    selected,
    scrollToSelected,
    announcement,
    select,
    selectFromPreview,
    onMove,
    onDuplicate,
    onDelete,
    onInsert,
  } = useBlockEditing(change);
  useShortcuts({ undo: history.undo, redo: history.redo, save: () => void save() });
  useDiscarded(
    file,
    useCallback(() => {
      reload();
      setStatus(editorPublishLines.reloaded.message);
    }, [reload, setStatus]),
  );
  // On a phone the editor shows one pane at a time, and the preview starts at the phone's own width.
  const phone = usePhoneLayout();
  const [pane, setPane] = useState<Pane>("outline");
  const [viewport, setViewport] = useState<Viewport>(() =>
    typeof matchMedia === "function" && matchMedia(PHONE_LAYOUT).matches ? 390 : 1366,
  );
  const [palette, setPalette] = useState(false);
  const [media, setMedia] = useState(boot.media);
  const previewFrame = useRef<HTMLIFrameElement>(null);
  const fill = useMemo(() => contentFiller(boot.schemas), [boot.schemas]);
  const thumbnails = useCallback(() => loadThumbnails(previewFrame.current!, metas, fill), [metas, fill]);
  const heading = useArrivalFocus(arrived, value !== null);
  const pageHistory = usePageHistory(file);
  const showHistory = pageHistory.shown;
  const [restoredVersion, setRestoredVersion] = useState<{ version: FileVersion; doc: Doc } | null>(null);
  const historyButton = useRef<HTMLButtonElement>(null);
  const closeHistory = () => {
    pageHistory.close();
    focusAfterRender(() => historyButton.current);
  };
  /** The version in the editor as one change: undo brings back the one that was there. */
  const restore = (doc: Doc, version: FileVersion) => {
    change(doc);
    setRestoredVersion({ version, doc });
    closeHistory();
  };

  const root: Located = useMemo(() => ({ file: rootFile, schema: boot.schemas[rootFile] }), [rootFile, boot.schemas]);
  const isPage = rootFile === "schemas/page.schema.json";
  const sectionEditing = useSectionEditing(file, rootFile, boot, value, change);
  // A shared section's file holds blocks as a page does, and is edited as one (docs/sections.md).
  const hasBlocks = isPage || sectionEditing.isSection;
  const blocks = useMemo(
    () => (hasBlocks && Array.isArray(value?.blocks) ? (value.blocks as Doc[]) : []),
    [hasBlocks, value],
  );
  const metaByType = useMemo(() => new Map(metas.map((meta) => [meta.type, meta])), [metas]);
  const problemMap = useMemo(() => problemsByPointer(problems), [problems]);
  const problemCounts = useMemo(() => problemsPerBlock(problems, hasBlocks), [problems, hasBlocks]);

  const onChange = useCallback(
    (path: Path, next: unknown) => change((doc) => doc && (setIn(doc, path, next) as Doc), pointerOf(path)),
    [change],
  );

  /** Selects the block a problem is in and puts the cursor in its field (or the nearest field around it). */
  const goToProblem = (pointer: string) => {
    select(hasBlocks ? blockIndexOf(pointer) : "page");
    setPane("form");
    focusAfterRender(() => {
      const parts = pointer.split("/");
      for (let n = parts.length; n > 1; n--) {
        const field = document.getElementById(fieldId(parts.slice(1, n)));
        if (field) return field;
      }
      return undefined;
    });
  };

  const onUpload = useCallback(
    async (upload: File) => {
      try {
        const { src } = await api.upload(upload);
        setMedia((list) => [...list, src].sort());
        return src;
      } catch (error) {
        if (error instanceof ApiError)
          setStatus(`${error.error.title}: ${asSentence(error.error.message)} ${error.error.hint}`);
        return undefined;
      }
    },
    [setStatus],
  );
  const pagePath = typeof value?.path === "string" ? value.path : undefined;
  const anchorList = blocks.flatMap((block) => (typeof block.id === "string" ? [block.id] : [])).join(" ");
  const source = useTranslationSource(file, value);
  // One context value while only texts change, so that the fields that did not change are not rendered again.
  const fieldContext: FieldContext = useMemo(
    () => ({
      schemas: boot.schemas,
      pages: boot.pages,
      pagePath,
      anchors: anchorList ? anchorList.split(" ") : [],
      media,
      problems: problemMap,
      onChange,
      onUpload,
      writes,
      source,
    }),
    [boot.schemas, boot.pages, pagePath, anchorList, media, problemMap, onChange, onUpload, writes, source],
  );

  if (loadError)
    return (
      <main className="pages" id="main">
        <h1>{loadError.title}</h1>
        <div role="alert">
          <p>{loadError.message}</p>
          {loadError.problems.length > 0 && (
            <ul>
              {loadError.problems.map((problem) => (
                <li key={`${problem.line}:${problem.column}:${problem.message}`}>
                  <code>
                    {problem.file}:{problem.line}:{problem.column}
                  </code>{" "}
                  {problem.message}
                </li>
              ))}
            </ul>
          )}
        </div>
        <button type="button" className="button" onClick={onBack}>
          Back to pages
        </button>
      </main>
    );
  if (!value) return <p className="muted">Loading…</p>;

  const selectedBlock = typeof selected === "number" ? blocks[selected] : undefined;
  const blockAt = typeof selected === "number" ? schemaAt(boot.schemas, root, value, ["blocks", selected]) : undefined;
  const blockProblems = problemsOfSelection(problems, selected, hasBlocks);
  const settings = isPage ? "Page settings" : sectionEditing.isSection ? "Section settings" : "Site settings";
  const title = isPage ? String(value.title ?? file) : sectionEditing.isSection ? String(value.name ?? file) : settings;
  const previewed = sectionEditing.previewed;
  // The history shows the version picked in the same preview, at the same width; the editor's own value otherwise.
  const shown = (showHistory && pageHistory.picked?.doc) || value;
  const shownBlocks = shown === value ? blocks : Array.isArray(shown.blocks) ? (shown.blocks as Doc[]) : [];
  const choices = paneChoices(showHistory ? "history" : hasBlocks ? "blocks" : "settings");
  const current = shownPane(choices, pane);
  // The preview's width is the preview's own tool on a phone, where the toolbar has no room for it.
  const viewportSwitch = <ViewportSwitch viewport={viewport} onChange={setViewport} />;

  return (
    <div className="editor">
      <Topbar
        heading={heading}
        title={title}
        detail={
          <>
            {isPage ? String(value.path) : ""} <code>{file}</code>
          </>
        }
        onBack={onBack}
      >
        <div className="topbar-tools">
          <PresenceChips people={present[file]} />
          <span className="status" role="status">
            {problems.length > 0 ? (
              <span className="status-problems">
                {problems.length} problem{problems.length === 1 ? "" : "s"}
              </span>
            ) : null}{" "}
            {status || (dirty ? "Unsaved changes" : "All changes saved")}
          </span>
          <IconButton
            label="Undo (Ctrl+Z)"
            icon={Undo2}
            size={18}
            tooltip
            disabled={!history.canUndo || lockedOut}
            onClick={history.undo}
          />
          <IconButton
            label="Redo (Ctrl+Shift+Z)"
            icon={Redo2}
            size={18}
            tooltip
            disabled={!history.canRedo || lockedOut}
            onClick={history.redo}
          />
          <button
            type="button"
            className="button"
            title="History"
            aria-label="History"
            ref={historyButton}
            aria-pressed={showHistory}
            onClick={() => {
              if (showHistory) return closeHistory();
              setPane("outline");
              void pageHistory.open();
            }}
          >
            <History size={16} aria-hidden /> <span className="tool-label">History</span>
          </button>
          {isPage && (boot.person?.role === "publisher" || boot.person?.role === "admin") && (
            <TakeDownControl target={{ page: { file, path: String(value.path ?? "/"), title } }} pages={boot.pages} />
          )}
          <ChangesLink git={boot.git} revision={`${saved?.version ?? ""} ${latest.updates}`} />
          {writes && <GetLatestButton latest={latest} />}
          {!phone && viewportSwitch}
          {writes && !lockedOut ? (
            <button type="button" className="button button-primary" onClick={() => void save()}>
              <Save size={16} aria-hidden /> Save
            </button>
          ) : (
            <span className="tag-read-only">Read only</span>
          )}
        </div>
        {phone && <PaneSwitch choices={choices} pane={current} onChange={setPane} />}
      </Topbar>

      <LatestOutcome latest={latest} />
      {boot.person && <OthersDrafts file={file} />}
      <LockNotice lock={lock} writes={writes} />
      {/* While the editor holds the restored version unsaved: saving, undoing or editing it ends the notice. */}
      {restoredVersion?.doc === value && dirty && (
        <RestoredNotice version={restoredVersion.version} onClose={() => setRestoredVersion(null)} />
      )}
      {restored && (
        <div className="notice" role="status">
          Unsaved changes from your last visit were restored.{" "}
          <button type="button" className="link-button" onClick={reload}>
            Discard them
          </button>
        </div>
      )}
      <MigrationBanner file={file} value={value} problems={problems} onMigrated={(next) => change(next)} />
      {refused && (
        <div className="alert" role="alert">
          <CatalogueWords line={catalogueLine(editorErrors.invalid)} />
          <ProblemLinks problems={refused} doc={value} metas={metaByType} onGo={goToProblem} />
          <button type="button" className="link-button" onClick={dismissRefused}>
            Close
          </button>
        </div>
      )}

      <main
        id="main"
        className={`workspace${hasBlocks ? "" : " workspace-site"}${showHistory ? " workspace-history" : ""}`}
        data-pane={current}
      >
        {hasBlocks && !showHistory && (
          <Outline
            blocks={blocks}
            metas={metaByType}
            selected={selected}
            problemCounts={problemCounts}
            onSelect={(selection) => {
              select(selection);
              setPane("form");
            }}
            onMove={onMove}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
            onAdd={() => setPalette(true)}
            announcement={announcement}
            settingsLabel={settings}
            onEditSection={sectionEditing.editSection}
            onDetach={writes ? (index) => sectionEditing.askDetach(index, blocks) : undefined}
          />
        )}

        {showHistory ? (
          <HistoryPanel file={file} history={pageHistory} onRestore={restore} onClose={closeHistory} />
        ) : (
          <FieldsProvider value={fieldContext}>
            <section className="form-panel" aria-labelledby="form-title">
              {selectedBlock && blockAt ? (
                <>
                  <h2 id="form-title">
                    {metaByType.get(String(selectedBlock.type))?.label ?? String(selectedBlock.type)}
                  </h2>
                  <p className="form-description">{metaByType.get(String(selectedBlock.type))?.description}</p>
                  <ProblemList problems={blockProblems} doc={value} metas={metaByType} onGo={goToProblem} />
                  <fieldset className="form-fields" disabled={lockedOut}>
                    <ObjectFields
                      key={selected}
                      at={blockAt}
                      path={["blocks", selected as number]}
                      value={selectedBlock}
                      omit={["type"]}
                    />
                  </fieldset>
                </>
              ) : (
                <>
                  <h2 id="form-title">{settings}</h2>
                  <p className="form-description">{root.schema.description}</p>
                  {sectionEditing.summary && (
                    <SectionPanel
                      section={sectionEditing.summary}
                      previewing={previewed?.file}
                      onPreview={(page) => {
                        sectionEditing.preview(page);
                        if (page) setPane("preview");
                      }}
                      writes={writes}
                      onRenamed={(renamed) => {
                        onPagesChanged();
                        sectionEditing.openRenamed(renamed);
                      }}
                      onDeleted={onBack}
                    />
                  )}
                  {sectionEditing.summary && !sectionEditing.summary.locale && (
                    <SectionVersions
                      section={sectionEditing.summary}
                      localeSections={boot.localeSections}
                      writes={writes}
                      onOpen={sectionEditing.openRenamed}
                      onTranslated={(translated) => {
                        onPagesChanged();
                        sectionEditing.openRenamed(translated);
                      }}
                    />
                  )}
                  <ProblemList problems={blockProblems} doc={value} metas={metaByType} onGo={goToProblem} />
                  <fieldset className="form-fields" disabled={lockedOut}>
                    <ObjectFields at={root} path={[]} value={value} omit={omittedSettings(file, value)} />
                  </fieldset>
                </>
              )}
            </section>
          </FieldsProvider>
        )}

        <Preview
          frame={previewFrame}
          fill={fill}
          viewport={viewport}
          path={previewed?.path ?? (isPage ? String(shown.path ?? "/") : "/")}
          blocks={previewed?.blocks ?? shownBlocks}
          site={hasBlocks ? undefined : shown}
          pages={boot.pages}
          sections={sectionEditing.sections}
          label={previewed ? `Preview of ${previewed.path}` : undefined}
          selected={showHistory || previewed ? "page" : selected}
          scrollToSelected={!showHistory && scrollToSelected}
          onSelect={showHistory || previewed ? ignoreSelection : selectFromPreview}
          tools={phone ? viewportSwitch : undefined}
        />
      </main>

      {palette && (
        <Palette
          metas={metas}
          thumbnails={thumbnails}
          onClose={() => setPalette(false)}
          onPick={(meta) => {
            onInsert(blocks, meta, sectionEditing.sections);
            setPane("form");
          }}
        />
      )}

      {conflicts && (
        <MergeChoice
          words={catalogueLine(editorErrors.conflict)}
          files={[{ file, conflicts }]}
          metas={metaByType}
          action="Save with these choices"
          onChosen={(choices) => void save(choices[file])}
          onCancel={dismissConflicts}
        />
      )}

      {sectionEditing.detaching && (
        <DetachDialog
          section={sectionEditing.detaching.section}
          onDetach={sectionEditing.detach}
          onClose={sectionEditing.closeDetach}
        />
      )}
    </div>
  );
}
