import { useCallback, useEffect, useState } from "react";
import type { ChangesAnswer, PublishedBranch } from "../../../contract/editor-protocol.ts";
import { type Refusal, api, refusalOf } from "../api.ts";

/** An answer of the editor's server, loaded when the view opens and again on `reload`, or the refusal it gave. */
function useLoaded<T>(load: () => Promise<T>) {
  const [answer, setAnswer] = useState<T | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const reload = useCallback(
    () =>
      load().then(
        (next) => {
          setAnswer(next);
          setFailure(null);
        },
        (error: unknown) => setFailure(refusalOf(error)),
      ),
    [load],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { answer, failure, reload };
}

/** The content files that differ from the base (GET /api/changes). */
export const useChanges = () => useLoaded<ChangesAnswer>(api.changes);

const loadPublished = () => api.published().then((answer) => answer.published);

/** The changes published from this checkout and not in it yet, with their requests' states (GET /api/published). */
export const usePublished = () => useLoaded<PublishedBranch[]>(loadPublished);

/**
 * How many content files differ from the base; undefined until known, or where git cannot tell. Outside git
 * (`git` false) it is not asked: the answer would be a refusal. It is asked again when `revision` changes (the open
 * page's saved version: a save can add or remove a changed file), and the last count stays until the new one arrives.
 */
export function useChangeCount(git: boolean, revision?: string): number | undefined {
  const [count, setCount] = useState<number>();
  useEffect(() => {
    if (!git) return undefined;
    let current = true;
    api.changes().then(
      (answer) => current && setCount(answer.changes.length),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [git, revision]);
  return count;
}
