import type { BlockMeta } from "../block-meta.ts";
import type { MergeConflict } from "../../contract/editor-protocol.ts";
import { placeOf } from "../../toolchain/changes-in-words.ts";
import type { Merge } from "./merge.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Each field both sides changed, named as the Changes view names it ("Use-case cards › Item 2 › Impact"). */
export function describeConflicts(merge: Merge, blocks: BlockMeta[]): MergeConflict[] {
  const metas = new Map(blocks.map((meta) => [meta.type, meta]));
  const doc = isRecord(merge.merged) ? merge.merged : {};
  return merge.conflicts.map((conflict) => ({ ...conflict, field: placeOf(conflict.path, doc, metas) }));
}
