import type { BlockMeta } from "../block-meta.ts";
import type { MergeConflict } from "../protocol.ts";
import { placeOf } from "../../toolchain/changes-in-words.ts";
import type { Merge } from "./merge.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A list of blocks or items on both sides: its conflict is whose order it takes (its items merge by themselves). */
const isOrder = ({ theirs, mine }: Merge["conflicts"][number]) =>
  [theirs, mine].every((side) => Array.isArray(side) && side.every(isRecord));

/**
 * Each field both sides changed, named as the Changes view names it ("Use-case cards › Item 2 › Impact"); a list both
 * reordered differently by its order ("Blocks › Order", "Use-case cards › Items › Order").
 */
export function describeConflicts(merge: Merge, blocks: BlockMeta[]): MergeConflict[] {
  const metas = new Map(blocks.map((meta) => [meta.type, meta]));
  const doc = isRecord(merge.merged) ? merge.merged : {};
  return merge.conflicts.map((conflict) => {
    if (!isOrder(conflict)) return { ...conflict, field: placeOf(conflict.path, doc, metas) };
    const list = conflict.path === "/blocks" ? "Blocks" : placeOf(conflict.path, doc, metas);
    return { ...conflict, field: `${list} › Order` };
  });
}
