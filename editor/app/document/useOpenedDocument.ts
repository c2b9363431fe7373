import { useCallback, useEffect, useState } from "react";
import { type OpenedDocument, api, failureOf } from "../api.ts";
import { mergeDocuments } from "../../changes/merge.ts";
import { useHistory } from "../history.ts";
import { type Doc, type Draft, dropDraft, readDraft, same, useDraftKeeping } from "./drafts.ts";

/** The version last saved (or opened), and what it held, unless a draft from before drafts kept it left it unknown. */
export type Saved = Pick<Draft, "value" | "version"> & { baseUnknown?: true };

/**
 * The document of `file` as it is being edited: loaded from the server, with the draft this browser kept of it put
 * back as an unsaved change, undo and redo, and the version last saved (which saving sends, to detect a conflict).
 */
export function useOpenedDocument(file: string) {
  const history = useHistory<Doc | null>(null);
  const { value, change, reset } = history;
  const [saved, setSaved] = useState<Saved | null>(null);
  const [rootFile, setRootFile] = useState("schemas/page.schema.json");
  const [loadError, setLoadError] = useState<ReturnType<typeof failureOf> | null>(null);
  const [restored, setRestored] = useState(false);

  const apply = useCallback(
    (opened: OpenedDocument) => {
      setRootFile(opened.schema);
      setSaved({ value: opened.value, version: opened.version });
      reset(opened.value);
      const draft = readDraft(file);
      if (draft && !same(draft.value, opened.value)) {
        change(draft.value);
        // A draft made on an older version of the file is kept with what that version held: saving it merges it with
        // what was saved since. A draft kept without it is saved as one made on nothing known: every field that
        // differs from the file is asked about.
        if (draft.version !== opened.version)
          setSaved(
            draft.base
              ? { value: draft.base, version: draft.version }
              : { value: opened.value, version: draft.version, baseUnknown: true },
          );
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

  const dirty = useDraftKeeping(file, value, saved);

  return {
    history,
    value,
    saved,
    dirty,
    rootFile,
    loadError,
    /** Whether a kept draft was put back when the file was opened. */
    restored,
    /** Records that `value` is now the file's content, at `version`. */
    markSaved: useCallback((savedValue: Doc, version: string) => setSaved({ value: savedValue, version }), []),
    /**
     * Records that the file now holds `merged` at `version`: what was saved (`sent`) merged with changes made
     * meanwhile. The editor shows it, with any edit made while the save was under way merged in too.
     */
    adopt: useCallback(
      (sent: Doc, merged: Doc, version: string) => {
        setSaved({ value: merged, version });
        change((current) => {
          if (!current || same(current, sent)) return merged;
          const rebased = mergeDocuments(sent, merged, current);
          return rebased.conflicts.length === 0 ? (rebased.merged as Doc) : current;
        });
      },
      [change],
    ),
    /** Drops the unsaved edits (and their kept draft) and opens the file again as it is on disk. */
    reload: useCallback(() => {
      dropDraft(file);
      setRestored(false);
      void load();
    }, [file, load]),
  };
}
