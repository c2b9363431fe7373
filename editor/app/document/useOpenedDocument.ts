import { useCallback, useEffect, useState } from "react";
import { type OpenedDocument, api, failureOf } from "../api.ts";
import { useHistory } from "../history.ts";
import { type Doc, type Draft, dropDraft, readDraft, same, useDraftKeeping } from "./drafts.ts";

/**
 * The document of `file` as it is being edited: loaded from the server, with the draft this browser kept of it put
 * back as an unsaved change, undo and redo, and the version last saved (which saving sends, to detect a conflict).
 */
export function useOpenedDocument(file: string) {
  const history = useHistory<Doc | null>(null);
  const { value, change, reset } = history;
  const [saved, setSaved] = useState<Draft | null>(null);
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
    /** Drops the unsaved edits (and their kept draft) and opens the file again as it is on disk. */
    reload: useCallback(() => {
      dropDraft(file);
      setRestored(false);
      void load();
    }, [file, load]),
  };
}
