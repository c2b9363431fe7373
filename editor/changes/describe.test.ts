import { describe, expect, it } from "vitest";
import type { BlockMeta } from "../block-meta.ts";
import { describeChanges, describeConflicts } from "./describe.ts";
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
const text = (value: unknown) => JSON.stringify(value, null, 2);
const changed = (edit: (copy: typeof page & Record<string, unknown>) => void) => {
  const copy = structuredClone(page) as typeof page & Record<string, unknown>;
  edit(copy);
  return describeChanges(text(page), text(copy), blocks);
};

describe("changes in words: the fields that differ between the base and the saved page", () => {
  it("names each changed field as the form and the problem list do, in the page's order", () => {
    expect(
      changed((copy) => {
        copy.blocks[1].items![1].impact = "Within the hour";
        copy.blocks[0].heading = "Care for every pet";
        copy.title = "Pet insurance support";
      }),
    ).toEqual(["Title", "Industry hero › Heading", "Use-case cards › Item 2 › Impact"]);
  });

  it("names a field added or removed, a list item added, and a link by its label", () => {
    expect(
      changed((copy) => {
        copy.description = "For pet insurers";
        copy.blocks[0].actions![0].href = "/pilot";
        copy.blocks[1].items!.push({ title: "Owners", impact: "Calm" });
      }),
    ).toEqual(["Industry hero › Action 1 › Link", "Use-case cards › Item 3", "Description"]);
  });

  it("names a block added, removed or replaced once, not each of its fields", () => {
    expect(changed((copy) => void copy.blocks.push({ type: "faq" } as (typeof page.blocks)[0]))).toEqual(["FAQ"]);
    expect(changed((copy) => void copy.blocks.splice(0, 1))).toEqual(["Industry hero"]);
    expect(
      changed((copy) => {
        copy.blocks.splice(0, 1, { type: "faq" } as (typeof page.blocks)[0]);
        copy.blocks[1].items![0].title = "Claims, first";
      }),
    ).toEqual(["Industry hero", "Use-case cards › Item 1 › Title", "FAQ"]);
  });

  it("numbers a block among the blocks of its type when the page has several of them", () => {
    expect(
      changed((copy) => {
        copy.blocks.push({ type: "use-case-cards", items: [{ title: "Renewals", impact: "Kept" }] });
        copy.blocks[1].items![0].impact = "Faster";
      }),
    ).toEqual(["Use-case cards 1 › Item 1 › Impact", "Use-case cards 2"]);
  });

  it("says nothing for an unchanged page, a new or deleted one, or one that does not parse", () => {
    expect(describeChanges(text(page), `${text(page)}\n`, blocks)).toEqual([]);
    expect(describeChanges(undefined, text(page), blocks)).toEqual([]);
    expect(describeChanges(text(page), undefined, blocks)).toEqual([]);
    expect(describeChanges(text(page), "{ broken", blocks)).toEqual([]);
  });
});

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
