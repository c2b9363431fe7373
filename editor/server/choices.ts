import type { MergeChoices } from "../../contract/editor-protocol.ts";
import { editorErrors } from "../../contract/errors.ts";
import { isObject } from "./input.ts";
import { refused } from "./refusals.ts";

/** The choices a request carries for earlier conflicts (none when absent): each path names "theirs" or "mine". */
export function choicesOf(raw: unknown): MergeChoices {
  if (raw === undefined) return {};
  if (!isObject(raw) || !Object.values(raw).every((side) => side === "theirs" || side === "mine"))
    throw refused(editorErrors.badChoices);
  return raw as MergeChoices;
}

/** The choices Get latest carries, file by file. */
export function fileChoicesOf(raw: unknown): Record<string, MergeChoices> {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw refused(editorErrors.badChoices);
  return Object.fromEntries(Object.entries(raw).map(([file, choices]) => [file, choicesOf(choices)]));
}
