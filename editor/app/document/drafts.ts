import { useEffect } from "react";
import { DRAFT_KEY_PREFIX } from "../../protocol.ts";

export type Doc = Record<string, unknown>;

/**
 * Unsaved edits of a file kept in this browser, with the version of the file they were made on and what that version
 * held (`base`: what a save merges from when the file changed meanwhile; absent in drafts kept before it was).
 */
export interface Draft {
  version: string;
  value: Doc;
  base?: Doc;
}

const draftKey = (file: string) => `${DRAFT_KEY_PREFIX}${file}`;

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const readDraft = (file: string) => JSON.parse(localStorage.getItem(draftKey(file)) ?? "null") as Draft | null;

/** Every file with unsaved edits kept in this browser (the open page's, and those left in other pages). */
export const draftFiles = () =>
  Object.keys(localStorage)
    .filter((key) => key.startsWith(DRAFT_KEY_PREFIX))
    .map((key) => key.slice(DRAFT_KEY_PREFIX.length))
    .sort();

export const dropDraft = (file: string) => localStorage.removeItem(draftKey(file));

/**
 * Keeps the unsaved edits of `file` in this browser while they differ from the saved version, so that a closed tab or
 * a crash loses nothing; and asks before the tab is left with such edits.
 */
export function useDraftKeeping(file: string, value: Doc | null, saved: Draft | null) {
  const dirty = value !== null && saved !== null && !same(value, saved.value);
  useEffect(() => {
    if (!value || !saved) return;
    if (dirty)
      localStorage.setItem(draftKey(file), JSON.stringify({ version: saved.version, value, base: saved.value }));
    else dropDraft(file);
  }, [value, saved, dirty, file]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return dirty;
}
