import { describe, expect, it } from "vitest";
import type { BlockMeta } from "../block-meta.ts";
import { describeConflicts } from "./conflict-words.ts";
import { mergeDocuments } from "./merge.ts";

const blocks = [
  { type: "industry-hero", label: "Industry hero" },
  { type: "use-case-cards", label: "Use-case cards" },
  { type: "faq", label: "FAQ" },
] as BlockMeta[];

const page = {
  path: "/industries/pet-insurance",
  title: "Pet insurance",
  blocks: [
    { type: "industry-hero", heading: "Calm support", actions: [{ label: "Book", href: "/contact" }] },
    {
      type: "use-case-cards",
      items: [
        { title: "Claims", impact: "Fast" },
        { title: "Vets", impact: "Same-day" },
      ],
    },
  ],
};

describe("conflicts in words: each place both sides changed, named as the Changes view names it", () => {
  it("names a field of a block, of a list item and of the page, at its place in the merged page", () => {
    const theirs = structuredClone(page);
    const mine = structuredClone(page);
    theirs.title = "Their title";
    mine.title = "My title";
    theirs.blocks[1].items![1].impact = "Their impact";
    mine.blocks[1].items![1].impact = "My impact";
    mine.blocks.unshift({ type: "faq" } as (typeof page.blocks)[0]);
    const conflicts = describeConflicts(mergeDocuments(page, theirs, mine), blocks);
    expect(conflicts.map(({ path, field }) => [path, field])).toEqual([
      ["/title", "Title"],
      ["/blocks/2/items/1/impact", "Use-case cards › Item 2 › Impact"],
    ]);
    expect(conflicts[1]).toMatchObject({ base: "Same-day", theirs: "Their impact", mine: "My impact" });
  });

  it("names the whole file when it is no page on one side", () => {
    expect(describeConflicts(mergeDocuments(page, undefined, { ...page, title: "Mine" }), blocks)).toMatchObject([
      { path: "", field: "The file" },
    ]);
  });

  it("names the order of a list both sides reordered differently: the blocks, or a block's items", () => {
    const withIds = {
      ...page,
      blocks: [
        ...page.blocks.map((block, i) => ({ ...block, id: `b${i}` })),
        { type: "faq", id: "faq" } as (typeof page.blocks)[0] & { id: string },
      ],
    };
    const order = (at: number[]) => ({ ...withIds, blocks: at.map((i) => withIds.blocks[i]!) });
    expect(describeConflicts(mergeDocuments(withIds, order([2, 0, 1]), order([1, 2, 0])), blocks)).toMatchObject([
      { path: "/blocks", field: "Blocks › Order" },
    ]);

    const cards = structuredClone(page);
    cards.blocks[1].items = ["Claims", "Vets", "Pets"].map((title) => ({ title, impact: "Fast", id: title }));
    const items = (at: number[]) => {
      const copy = structuredClone(cards);
      copy.blocks[1].items = at.map((i) => cards.blocks[1].items![i]!);
      return copy;
    };
    expect(describeConflicts(mergeDocuments(cards, items([2, 0, 1]), items([1, 2, 0])), blocks)).toMatchObject([
      { path: "/blocks/1/items", field: "Use-case cards › Items › Order" },
    ]);
  });
});
