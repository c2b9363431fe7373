import { olderBlock } from "../../contract/block-versions.server.ts";
import type { Validators } from "../../contract/schemas.server.ts";

/** How much content awaits a migration: the blocks in an older shape, and the files that hold them. */
export interface PendingContent {
  blocks: number;
  files: number;
}

/**
 * The blocks of the content documents `texts` (pages, shared sections) that are in an older shape of their type, told as `npm run migrate` tells
 * them. A text that is not JSON or holds no blocks awaits nothing: `npm run validate` says what is wrong with it.
 */
export function pendingContent(texts: Iterable<string>, validators: Validators): PendingContent {
  let blocks = 0;
  let files = 0;
  for (const text of texts) {
    let value: { blocks?: unknown };
    try {
      value = JSON.parse(text) as typeof value;
    } catch {
      continue;
    }
    if (!Array.isArray(value?.blocks)) continue;
    const older = value.blocks.filter((block) => olderBlock(validators, block)).length;
    blocks += older;
    if (older > 0) files++;
  }
  return { blocks, files };
}
