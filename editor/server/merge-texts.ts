import type { MergeChoices, MergeConflict } from "../protocol.ts";
import { writeChanges } from "../../toolchain/save.ts";
import { describeConflicts } from "../changes/conflict-words.ts";
import { mergeDocuments } from "../changes/merge.ts";
import { isObject } from "./input.ts";
import type { Project } from "./project.ts";

/** What merging two versions of a content file gave: its text to write, the fields to choose, or nothing to merge. */
export type TextMerge = { text: string } | { conflicts: MergeConflict[] } | null;

const parsed = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Merges the person's version of a document (`mine`) with another (`theirs`), both made from `base` (undefined when
 * the file is new on both sides), field by field; the merge is written as the save writes a page, in the layout of
 * `theirs`. Null when either side is no JSON document: that is not merged.
 */
export async function mergeTexts(
  project: Project,
  file: string,
  texts: { base: string | undefined; theirs: string; mine: string },
  choices: MergeChoices,
): Promise<TextMerge> {
  const theirs = parsed(texts.theirs);
  const mine = parsed(texts.mine);
  if (!isObject(theirs) || !isObject(mine)) return null;
  const merge = mergeDocuments(parsed(texts.base), theirs, mine, choices);
  if (merge.conflicts.length) return { conflicts: describeConflicts(merge, project.blocks) };
  const absolute = project.documentFile(file);
  const schema = project.rootSchema(absolute);
  const text = await writeChanges({
    text: texts.theirs,
    value: merge.merged,
    schemas: project.schemas,
    root: { file: schema, schema: project.schemas[schema] },
    prettierOptions: project.prettierOptions(absolute),
  });
  return { text };
}
