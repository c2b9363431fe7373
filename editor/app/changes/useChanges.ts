import type { ChangesAnswer, PublishedBranch } from "../../protocol.ts";
import { api } from "../api.ts";
import { useAnswer } from "../useAnswer.ts";

/** The content files that differ from the base (GET /api/changes). */
export const useChanges = () => useAnswer<ChangesAnswer>(api.changes);

const loadPublished = () => api.published().then((answer) => answer.published);

/** The changes published from this checkout and not in it yet, with their requests' states (GET /api/published). */
export const usePublished = () => useAnswer<PublishedBranch[]>(loadPublished);

/**
 * How many content files differ from the base; undefined until known, or where git cannot tell. Outside git
 * (`git` false) it is not asked: the answer would be a refusal. It is asked again when `revision` changes (a save or
 * an update from Get latest can add or remove a changed file), and the last count stays until the new one arrives.
 */
export function useChangeCount(git: boolean, revision?: string): number | undefined {
  return useAnswer(git ? api.changes : null, revision).answer?.changes.length;
}
