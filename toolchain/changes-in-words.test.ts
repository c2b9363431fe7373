import { describe, expect, it } from "vitest";
import { type BlockLabel, describeChanges } from "./changes-in-words.ts";

const blocks = [
  { type: "industry-hero", label: "Industry hero" },
  { type: "use-case-cards", label: "Use-case cards" },
  { type: "faq", label: "FAQ" },
] satisfies BlockLabel[];

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

  it("numbers a block among the blocks of its type when the page has several of them and it has no heading", () => {
    expect(
      changed((copy) => {
        copy.blocks.push({ type: "use-case-cards", items: [{ title: "Renewals", impact: "Kept" }] });
        copy.blocks[1].items![0].impact = "Faster";
      }),
    ).toEqual(["Use-case cards 1 › Item 1 › Impact", "Use-case cards 2"]);
  });

  it("names a block by its heading among the blocks of its type, and a shared section by its id, never by its place", () => {
    expect(
      changed((copy) => {
        copy.blocks.push({
          type: "use-case-cards",
          heading: "Renewals",
          items: [],
        } as unknown as (typeof page.blocks)[0]);
        copy.blocks.push({ type: "section", section: "closing" } as unknown as (typeof page.blocks)[0]);
      }),
    ).toEqual(["Use-case cards “Renewals”", "Shared section “closing”"]);
  });

  it("says nothing for an unchanged page, a new or deleted one, or one that does not parse", () => {
    expect(describeChanges(text(page), `${text(page)}\n`, blocks)).toEqual([]);
    expect(describeChanges(undefined, text(page), blocks)).toEqual([]);
    expect(describeChanges(text(page), undefined, blocks)).toEqual([]);
    expect(describeChanges(text(page), "{ broken", blocks)).toEqual([]);
  });
});
