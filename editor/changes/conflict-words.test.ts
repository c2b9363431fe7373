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
});
