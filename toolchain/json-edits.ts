/**
 * Changes to the content's files made as a careful person would make them by hand, for the tools that rename what
 * pages refer to (a shared section, a picture): each value changed where it stands, the rest of the file as it was,
 * every change computed before any file is written.
 */
import fs from "node:fs";
import { type JSONPath, applyEdits, modify } from "jsonc-parser";
import type prettier from "prettier";
import { formatJsonFile } from "./format-json.ts";

/** Changes computed before anything is written: files to move, and files whose text changes (absolute names). */
export interface FilePlan {
  /** Each to a name no file holds; a file with an edit moves with its new text. */
  moves: { from: string; to: string }[];
  edits: { file: string; text: string }[];
}

/**
 * `text` (a JSON file) with the value at each of `paths` set to `value`, nothing else changed but what the repository's
 * formatting then changes (only the value's text moves in a formatted file, so the diff is the value's lines).
 */
export async function setValues(
  text: string,
  paths: readonly JSONPath[],
  value: unknown,
  options: prettier.Options,
): Promise<string> {
  let next = text;
  for (const at of paths) next = applyEdits(next, modify(next, at, value, {}));
  return formatJsonFile(next, options);
}

/** Writes a plan: the edits first, then the moves (a moved file with its own edit, if it has one). */
export function applyFilePlan(plan: FilePlan): void {
  const moved = new Set(plan.moves.map((move) => move.from));
  for (const edit of plan.edits) if (!moved.has(edit.file)) fs.writeFileSync(edit.file, edit.text);
  for (const move of plan.moves) {
    const own = plan.edits.find((edit) => edit.file === move.from);
    if (!own) {
      fs.renameSync(move.from, move.to);
      continue;
    }
    fs.writeFileSync(move.to, own.text);
    fs.rmSync(move.from);
  }
}
