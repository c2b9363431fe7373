import { useCallback, useMemo, useState } from "react";
import type { FileConflicts, MergeChoices } from "../../protocol.ts";
import { editorGitErrors, editorHistoryLines } from "../../../contract/errors.ts";
import type { BlockMeta } from "../../block-meta.ts";
import { ApiError, type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import { draftFiles } from "../document/drafts.ts";

/** What the last Get latest did: the update it brought (or that there was none), or why it changed nothing. */
export type LatestOutcome = { done: Refusal; refused?: undefined } | { refused: Refusal; done?: undefined } | null;

/**
 * Get latest: refused in the tab while any file has unsaved edits (the open page's, or a draft kept from another page),
 * else the server fetches the base and fast-forwards when nothing would be lost, merging a page the person changed
 * that the update changes too. When both changed one field, it asks the person which value to keep (`choosing`), and
 * runs again with their choices. `onUpdated` gets the files the update brought, for the views to read them again.
 */
export function useGetLatest(onUpdated: (files: string[]) => void, blocks: BlockMeta[] = []) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LatestOutcome>(null);
  const [choosing, setChoosing] = useState<{ words: Refusal; files: FileConflicts[] } | null>(null);
  // How many updates this tab brought in: what follows the base (the count of changed files) asks again on each.
  const [updates, setUpdates] = useState(0);

  const run = useCallback(
    async (choices?: Record<string, MergeChoices>) => {
      const unsaved = draftFiles();
      if (unsaved.length > 0) {
        setOutcome({ refused: catalogueLine(editorHistoryLines.unsaved, { files: unsaved }) });
        return;
      }
      setBusy(true);
      setOutcome(null);
      setChoosing(null);
      try {
        const { updated, files, merged } = await api.getLatest(choices);
        setOutcome({
          done: !updated
            ? catalogueLine(editorHistoryLines.upToDate)
            : merged
              ? catalogueLine(editorHistoryLines.merged, { count: files.length, files: merged })
              : catalogueLine(editorHistoryLines.updated, { count: files.length }),
        });
        if (updated) {
          setUpdates((count) => count + 1);
          onUpdated(files);
        }
      } catch (error) {
        if (error instanceof ApiError && error.error.code === editorGitErrors.latestConflicts.code)
          setChoosing({ words: refusalOf(error), files: error.body.conflicts as FileConflicts[] });
        else setOutcome({ refused: refusalOf(error) });
      } finally {
        setBusy(false);
      }
    },
    [onUpdated],
  );

  return {
    run,
    busy,
    outcome,
    updates,
    dismiss: useCallback(() => setOutcome(null), []),
    /** The fields both the person and the latest site changed, while the person is asked which value to keep. */
    choosing,
    dismissChoosing: useCallback(() => setChoosing(null), []),
    metas: useMemo(() => new Map(blocks.map((meta) => [meta.type, meta])), [blocks]),
  };
}

export type GetLatestState = ReturnType<typeof useGetLatest>;
