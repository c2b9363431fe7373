import { useCallback, useState } from "react";
import { editorHistoryLines } from "../../../contract/errors.ts";
import { type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import { draftFiles } from "../document/drafts.ts";

/** What the last Get latest did: the update it brought (or that there was none), or why it changed nothing. */
export type LatestOutcome = { done: Refusal; refused?: undefined } | { refused: Refusal; done?: undefined } | null;

/**
 * Get latest: refused in the tab while any file has unsaved edits (the open page's, or a draft kept from another page),
 * else the server fetches the base and fast-forwards when nothing would be lost. `onUpdated` gets the files the update
 * brought, for the views to read them again.
 */
export function useGetLatest(onUpdated: (files: string[]) => void) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LatestOutcome>(null);
  // How many updates this tab brought in: what follows the base (the count of changed files) asks again on each.
  const [updates, setUpdates] = useState(0);

  const run = useCallback(async () => {
    const unsaved = draftFiles();
    if (unsaved.length > 0) {
      setOutcome({ refused: catalogueLine(editorHistoryLines.unsaved, { files: unsaved }) });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const { updated, files } = await api.getLatest();
      setOutcome({
        done: updated
          ? catalogueLine(editorHistoryLines.updated, { count: files.length })
          : catalogueLine(editorHistoryLines.upToDate),
      });
      if (updated) {
        setUpdates((count) => count + 1);
        onUpdated(files);
      }
    } catch (error) {
      setOutcome({ refused: refusalOf(error) });
    } finally {
      setBusy(false);
    }
  }, [onUpdated]);

  return { run, busy, outcome, updates, dismiss: useCallback(() => setOutcome(null), []) };
}

export type GetLatestState = ReturnType<typeof useGetLatest>;
