import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MigrationBanner } from "./MigrationBanner.tsx";
import { ArrowLeft, Monitor, Redo2, Save, Smartphone, Tablet, Undo2 } from "lucide-react";
import type { BlockMeta } from "../block-meta.ts";
import { editorErrors } from "../../contract/errors.ts";
import type { Located } from "../../contract/schema-tree.ts";
import { schemaAt } from "../schema-tree.ts";
import { IconButton } from "./controls.tsx";
import { focusAfterRender, useArrivalFocus } from "./focus.ts";
import { ApiError, type Bootstrap, type OpenedDocument, type Problem, api, failureOf } from "./api.ts";
import { ObjectFields, FieldsProvider, type FieldContext, fieldId, labelOf } from "./Fields.tsx";
import { useHistory } from "./history.ts";
import { Outline, type Selection } from "./Outline.tsx";
import { Palette } from "./Palette.tsx";
import { Preview, VIEWPORTS, type Viewport } from "./Preview.tsx";
import { loadThumbnails } from "./thumbnails.ts";
import { contentFiller } from "./defaults.ts";
import { type Path, move, pointerOf, setIn } from "./paths.ts";
import { DRAFT_KEY_PREFIX } from "../../contract/editor-protocol.ts";

type Doc = Record<string, unknown>;

interface Draft {
  version: string;
  value: Doc;
}

const draftKey = (file: string) => `${DRAFT_KEY_PREFIX}${file}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const VALIDATE_DELAY_MS = 150;

const blockIndexOf = (pointer: string): Selection => {
  const match = /^\/blocks\/(\d+)(\/|$)/.exec(pointer);
  return match ? Number(match[1]) : "page";
};

interface Props {
  file: string;
  boot: Bootstrap;
  metas: BlockMeta[];
  /** Whether the editor was reached from the list (rather than opened by the address). */
  arrived: boolean;
  onBack: () => void;
  onPagesChanged: () => void;
}

/** One page (or site.json) being edited: outline, form, live preview, validation, undo, drafts and saving. */
export function DocumentEditor({ file, boot, metas, arrived, onBack, onPagesChanged }: Props) {
  const history = useHistory<Doc | null>(null);
  const { value, change, reset } = history;
  const [saved, setSaved] = useState<{ value: Doc; version: string } | null>(null);
  const [rootFile, setRootFile] = useState("schemas/page.schema.json");
  const [loadError, setLoadError] = useState<ReturnType<typeof failureOf> | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [selected, setSelected] = useState<Selection>("page");
  const [scrollToSelected, setScrollToSelected] = useState(false);
  const [viewport, setViewport] = useState<Viewport>(1366);
  const [palette, setPalette] = useState(false);
  const [refused, setRefused] = useState<Problem[] | null>(null);
  const [conflict, setConflict] = useState(false);
  const [status, setStatus] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const [restored, setRestored] = useState(false);
  const [media, setMedia] = useState(boot.media);
  const conflictDialog = useRef<HTMLDialogElement>(null);
  const previewFrame = useRef<HTMLIFrameElement>(null);
  const fill = useMemo(() => contentFiller(boot.schemas), [boot.schemas]);
  const thumbnails = useCallback(() => loadThumbnails(previewFrame.current!, metas, fill), [metas, fill]);
  const heading = useArrivalFocus(arrived, value !== null);

  const apply = useCallback(
    (opened: OpenedDocument) => {
      setRootFile(opened.schema);
      setSaved({ value: opened.value, version: opened.version });
      reset(opened.value);
      const draft = JSON.parse(localStorage.getItem(draftKey(file)) ?? "null") as Draft | null;
      if (draft && !same(draft.value, opened.value)) {
        change(draft.value);
        // A draft made on an older version of the file is kept, and saving it will ask before overwriting.
        if (draft.version !== opened.version) setSaved({ value: opened.value, version: draft.version });
        setRestored(true);
      }
    },
    [file, reset, change],
  );
  const load = useCallback(
    () => api.open(file).then(apply, (error: unknown) => setLoadError(failureOf(error))),
    [file, apply],
  );
  useEffect(() => {
    let current = true;
    api.open(file).then(
      (opened) => current && apply(opened),
      (error: unknown) => current && setLoadError(failureOf(error)),
    );
    return () => {
      current = false;
    };
  }, [file, apply]);

  const dirty = value !== null && saved !== null && !same(value, saved.value);

  useEffect(() => {
    if (!value || !saved) return;
    if (dirty) localStorage.setItem(draftKey(file), JSON.stringify({ version: saved.version, value }));
    else localStorage.removeItem(draftKey(file));
  }, [value, saved, dirty, file]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  /** The document the shown problems were found in: saving refuses on them at once only while they are current. */
  const checked = useRef<Doc | null>(null);
  useEffect(() => {
    if (!value) return;
    let current = true;
    const timer = setTimeout(() => {
      api.validate(file, value).then(
        (result) => {
          // An answer about a document since changed would show problems the marketer already fixed.
          if (!current) return;
          checked.current = value;
          // The same problems keep the same list, so that the fields and the outline need not render again.
          setProblems((shown) => (same(shown, result.problems) ? shown : result.problems));
        },
        () => undefined,
      );
    }, VALIDATE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, file]);

  const root: Located = useMemo(() => ({ file: rootFile, schema: boot.schemas[rootFile] }), [rootFile, boot.schemas]);
  const isPage = rootFile === "schemas/page.schema.json";
  const blocks = useMemo(
    () => (isPage && Array.isArray(value?.blocks) ? (value.blocks as Doc[]) : []),
    [isPage, value],
  );
  const metaByType = useMemo(() => new Map(metas.map((meta) => [meta.type, meta])), [metas]);

  const problemMap = useMemo(() => {
    const map = new Map<string, Problem[]>();
    for (const problem of problems) map.set(problem.pointer, [...(map.get(problem.pointer) ?? []), problem]);
    return map;
  }, [problems]);
  const problemCounts = useMemo(() => {
    const counts = new Map<Selection, number>();
    for (const problem of problems) {
      const at = isPage ? blockIndexOf(problem.pointer) : "page";
      counts.set(at, (counts.get(at) ?? 0) + 1);
    }
    return counts;
  }, [problems, isPage]);

  const onChange = useCallback(
    (path: Path, next: unknown) => change((doc) => doc && (setIn(doc, path, next) as Doc), pointerOf(path)),
    [change],
  );
  const changeBlocks = useCallback(
    (update: (blocks: Doc[]) => Doc[], message: string) => {
      change((doc) => doc && { ...doc, blocks: update((doc.blocks as Doc[] | undefined) ?? []) });
      setAnnouncement(message);
    },
    [change],
  );
  const select = useCallback((selection: Selection, fromOutline = true) => {
    setSelected(selection);
    setScrollToSelected(fromOutline);
  }, []);
  const selectFromPreview = useCallback((index: number) => select(index, false), [select]);
  const onMove = useCallback(
    (from: number, to: number, label: string) => {
      changeBlocks((list) => move(list, from, to), `${label} moved to position ${to + 1}`);
      setSelected((current) => (current === from ? to : current));
    },
    [changeBlocks],
  );
  const onDuplicate = useCallback(
    (index: number, label: string) => {
      changeBlocks((list) => {
        const copy = structuredClone(list[index]);
        // Ids are anchors and must be unique on a page: the copy starts without one.
        delete copy.id;
        return [...list.slice(0, index + 1), copy, ...list.slice(index + 1)];
      }, `${label} duplicated`);
      select(index + 1);
    },
    [changeBlocks, select],
  );
  const onDelete = useCallback(
    (index: number, label: string) => {
      changeBlocks((list) => list.filter((_, i) => i !== index), `${label} deleted`);
      select(index > 0 ? index - 1 : "page");
      focusAfterRender(() => document.querySelector(index > 0 ? `[data-block-index="${index - 1}"]` : ".outline-page"));
    },
    [changeBlocks, select],
  );

  /** Selects the block a problem is in and puts the cursor in its field (or the nearest field around it). */
  const goToProblem = (pointer: string) => {
    select(isPage ? blockIndexOf(pointer) : "page");
    focusAfterRender(() => {
      const parts = pointer.split("/");
      for (let n = parts.length; n > 1; n--) {
        const field = document.getElementById(fieldId(parts.slice(1, n)));
        if (field) return field;
      }
      return undefined;
    });
  };

  const save = useCallback(
    async (force = false) => {
      if (!value || !saved) return;
      // Problems found in this very document refuse at once; otherwise the server validates what it is sent, and
      // refuses with its own list.
      if (problems.length > 0 && checked.current === value) {
        setRefused(problems);
        return;
      }
      setStatus("Saving…");
      try {
        const result = await api.save(file, value, saved.version, force);
        setSaved({ value, version: result.version });
        setRefused(null);
        setStatus(result.changed ? "Saved" : "No changes to save");
        onPagesChanged();
      } catch (error) {
        setStatus("");
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 409) {
          setConflict(true);
          conflictDialog.current?.showModal();
        } else if (error.status === 422) setRefused(error.body.problems as Problem[]);
        else setStatus(`${error.error.title}: ${error.error.message}`);
      }
    },
    [value, saved, problems, file, onPagesChanged],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) history.undo();
      else if ((key === "z" && event.shiftKey) || key === "y") history.redo();
      else if (key === "s") void save();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [history, save]);

  const onUpload = useCallback(async (upload: File) => {
    try {
      const { src } = await api.upload(upload);
      setMedia((list) => [...list, src].sort());
      return src;
    } catch (error) {
      if (error instanceof ApiError) setStatus(`${error.error.title}: ${error.error.message} ${error.error.hint}`);
      return undefined;
    }
  }, []);
  const pagePath = typeof value?.path === "string" ? value.path : undefined;
  const anchorList = blocks.flatMap((block) => (typeof block.id === "string" ? [block.id] : [])).join(" ");
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
    }),
    [boot.schemas, boot.pages, pagePath, anchorList, media, problemMap, onChange, onUpload],
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
  const blockPointer = `/blocks/${String(selected)}`;
  const blockProblems =
    typeof selected === "number"
      ? problems.filter((p) => p.pointer === blockPointer || p.pointer.startsWith(`${blockPointer}/`))
      : problems.filter((p) => !isPage || blockIndexOf(p.pointer) === "page");
  const title = isPage ? String(value.title ?? file) : "Site settings";

  return (
    <div className="editor">
      <header className="topbar">
        <button type="button" className="button button-ghost" onClick={onBack}>
          <ArrowLeft size={16} aria-hidden /> Pages
        </button>
        <div className="topbar-title">
          <h1 ref={heading} tabIndex={-1}>
            {title}
          </h1>
          <span className="muted">
            {isPage ? String(value.path) : ""} <code>{file}</code>
          </span>
        </div>
        <div className="topbar-tools">
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
            disabled={!history.canUndo}
            onClick={history.undo}
          />
          <IconButton
            label="Redo (Ctrl+Shift+Z)"
            icon={Redo2}
            size={18}
            tooltip
            disabled={!history.canRedo}
            onClick={history.redo}
          />
          <div className="segmented" role="group" aria-label="Preview width">
            {VIEWPORTS.map((width) => (
              <button
                type="button"
                key={width}
                aria-pressed={viewport === width}
                title={`${width} px`}
                onClick={() => setViewport(width)}
              >
                {width === 390 ? (
                  <Smartphone size={16} aria-hidden />
                ) : width === 768 ? (
                  <Tablet size={16} aria-hidden />
                ) : (
                  <Monitor size={16} aria-hidden />
                )}
                <span className="visually-hidden">{`${width === 390 ? "Phone" : width === 768 ? "Tablet" : "Desktop"}, `}</span>
                {width}
              </button>
            ))}
          </div>
          <button type="button" className="button button-primary" onClick={() => void save()}>
            <Save size={16} aria-hidden /> Save
          </button>
        </div>
      </header>

      {restored && (
        <div className="notice" role="status">
          Unsaved changes from your last visit were restored.{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              localStorage.removeItem(draftKey(file));
              setRestored(false);
              void load();
            }}
          >
            Discard them
          </button>
        </div>
      )}
      <MigrationBanner file={file} value={value} problems={problems} onMigrated={(next) => change(next)} />
      {refused && (
        <div className="alert" role="alert">
          <strong>{editorErrors.invalid.title}.</strong> {editorErrors.invalid.message} {editorErrors.invalid.hint}
          <ul>
            {refused.map((problem, i) => (
              <li key={i}>
                <button type="button" className="link-button" onClick={() => goToProblem(problem.pointer)}>
                  {placeOf(problem.pointer, value, metaByType)}
                </button>
                : {problem.message}
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => setRefused(null)}>
            Close
          </button>
        </div>
      )}

      <main id="main" className={`workspace${isPage ? "" : " workspace-site"}`}>
        {isPage && (
          <Outline
            blocks={blocks}
            metas={metaByType}
            selected={selected}
            problemCounts={problemCounts}
            onSelect={select}
            onMove={onMove}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
            onAdd={() => setPalette(true)}
            announcement={announcement}
          />
        )}

        <FieldsProvider value={fieldContext}>
          <section className="form-panel" aria-labelledby="form-title">
            {selectedBlock && blockAt ? (
              <>
                <h2 id="form-title">
                  {metaByType.get(String(selectedBlock.type))?.label ?? String(selectedBlock.type)}
                </h2>
                <p className="form-description">{metaByType.get(String(selectedBlock.type))?.description}</p>
                <ProblemList problems={blockProblems} doc={value} metas={metaByType} onGo={goToProblem} />
                <ObjectFields
                  key={selected}
                  at={blockAt}
                  path={["blocks", selected as number]}
                  value={selectedBlock}
                  omit={["type"]}
                />
              </>
            ) : (
              <>
                <h2 id="form-title">{isPage ? "Page settings" : "Site settings"}</h2>
                <p className="form-description">{root.schema.description}</p>
                <ProblemList problems={blockProblems} doc={value} metas={metaByType} onGo={goToProblem} />
                <ObjectFields at={root} path={[]} value={value} omit={["blocks", "$schema"]} />
              </>
            )}
          </section>
        </FieldsProvider>

        <Preview
          frame={previewFrame}
          fill={fill}
          viewport={viewport}
          path={isPage ? String(value.path ?? "/") : "/"}
          blocks={blocks}
          site={isPage ? undefined : value}
          pages={boot.pages}
          selected={selected}
          scrollToSelected={scrollToSelected}
          onSelect={selectFromPreview}
        />
      </main>

      {palette && (
        <Palette
          metas={metas}
          thumbnails={thumbnails}
          onClose={() => setPalette(false)}
          onPick={(meta) => {
            const last = blocks.length - 1;
            const at =
              typeof selected === "number"
                ? Math.min(selected + 1, blocks[last]?.type === "call-to-action" ? last : blocks.length)
                : blocks[last]?.type === "call-to-action"
                  ? last
                  : blocks.length;
            const inserted = structuredClone(meta.example);
            changeBlocks(
              (list) => [...list.slice(0, at), inserted, ...list.slice(at)],
              `${meta.label} added at position ${at + 1}`,
            );
            select(at);
          }}
        />
      )}

      <dialog
        ref={conflictDialog}
        className="conflict"
        aria-labelledby="conflict-title"
        onClose={() => setConflict(false)}
      >
        {conflict && (
          <>
            <h2 id="conflict-title">{editorErrors.conflict.title}</h2>
            <p>{editorErrors.conflict.message}</p>
            <p className="muted">{editorErrors.conflict.hint}</p>
            <div className="dialog-actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  conflictDialog.current?.close();
                  localStorage.removeItem(draftKey(file));
                  void load();
                }}
              >
                Reload from disk
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  conflictDialog.current?.close();
                  void save(true);
                }}
              >
                Keep mine
              </button>
            </div>
          </>
        )}
      </dialog>
    </div>
  );
}

/** Where a problem is, in the words of the form: "Industry hero 1 › Actions 1 › Href". */
function placeOf(pointer: string, doc: Doc, metas: Map<string, BlockMeta>): string {
  const segments = pointer.split("/").slice(1);
  const words: string[] = [];
  let node: unknown = doc;
  segments.forEach((segment, i) => {
    const parent = segments[i - 1];
    node = (node as Record<string, unknown> | undefined)?.[segment];
    if (parent === "blocks" && i === 1) {
      const type = String((node as { type?: unknown } | undefined)?.type);
      words.push(`${metas.get(type)?.label ?? "Block"} ${Number(segment) + 1}`);
    } else if (/^\d+$/.test(segment)) words.push(`${words.pop() ?? ""} ${Number(segment) + 1}`.trim());
    else if (!(segment === "blocks" && i === 0)) words.push(labelOf(segment));
  });
  return words.join(" › ") || "The file";
}

function ProblemList({
  problems,
  doc,
  metas,
  onGo,
}: {
  problems: Problem[];
  doc: Doc;
  metas: Map<string, BlockMeta>;
  onGo: (pointer: string) => void;
}) {
  if (problems.length === 0) return null;
  return (
    <div className="problem-summary">
      <p>
        {problems.length} problem{problems.length === 1 ? "" : "s"} to fix here:
      </p>
      <ul>
        {problems.map((problem, i) => (
          <li key={i}>
            <button type="button" className="link-button" onClick={() => onGo(problem.pointer)}>
              {placeOf(problem.pointer, doc, metas)}
            </button>
            : {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
