import { type SectionDoc, expandBlocks, isSectionRef } from "./sections.ts";

/**
 * How a page's own list of blocks closes with the call to action every page ends with: the block of the list that
 * places it (the `call-to-action` block itself, or a reference to a shared section whose blocks end with one), its
 * index in the list and, for a section, its id. Undefined when no block of the list places it.
 */
export interface Closing {
  index: number;
  /** The id of the shared section that places the call to action, undefined for a `call-to-action` block. */
  section?: string;
}

/** Whether `block`, once placed, ends with the call to action: the block itself, or a section ending with one. */
function closes(block: unknown, sections: ReadonlyMap<string, SectionDoc>): boolean {
  if (isSectionRef(block))
    return (expandBlocks([block], sections).blocks.at(-1) as { type?: unknown } | undefined)?.type === "call-to-action";
  return Boolean(block) && (block as { type?: unknown }).type === "call-to-action";
}

/**
 * The last block of `blocks` (a page's own list, as written) that places the closing call to action. A block written
 * after it is what keeps the page from ending with it.
 */
export function closingOf(blocks: readonly unknown[], sections: ReadonlyMap<string, SectionDoc>): Closing | undefined {
  for (let index = blocks.length - 1; index >= 0; index--) {
    const block = blocks[index];
    if (closes(block, sections)) return isSectionRef(block) ? { index, section: block.section } : { index };
  }
  return undefined;
}
