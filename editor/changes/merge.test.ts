import { describe, expect, it } from "vitest";
import { mergeDocuments } from "./merge.ts";

const hero = { type: "hero", id: "top", heading: "Calm support", tags: ["claims", "vets"] };
const cards = {
  type: "cards",
  items: [
    { title: "Claims", impact: "Fast" },
    { title: "Vets", impact: "Same-day" },
  ],
};
const faq = { type: "faq", question: "Why?", answer: "Because" };
interface Block {
  type: string;
  id?: string;
  heading?: string;
  tags?: string[];
  items?: { title: string; impact: string }[];
  answer?: string;
  text?: string;
}
interface Page {
  title: string;
  description?: string;
  blocks: Block[];
}
const base: Page = { title: "Pet insurance", description: "For insurers", blocks: [hero, cards, faq] };

const edited = (edit: (copy: Page) => void): Page => {
  const copy = structuredClone(base);
  edit(copy);
  return copy;
};
const blocksOf = (doc: unknown) => (doc as { blocks: Record<string, unknown>[] }).blocks;

describe("three-way merge of two versions of a page made from one base", () => {
  it("keeps what each side changed in different fields, without a conflict", () => {
    const theirs = edited((copy) => void (copy.title = "Pet insurance support"));
    const mine = edited((copy) => void (copy.blocks[1].items![1].impact = "Within the hour"));
    const { merged, conflicts } = mergeDocuments(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged).toEqual(
      edited((copy) => {
        copy.title = "Pet insurance support";
        copy.blocks[1].items![1].impact = "Within the hour";
      }),
    );
  });

  it("takes a change both sides made alike once, and a side's change where the other changed nothing", () => {
    const both = edited((copy) => void (copy.description = "For pet insurers"));
    expect(mergeDocuments(base, both, both)).toEqual({ merged: both, conflicts: [] });
    expect(mergeDocuments(base, base, both)).toEqual({ merged: both, conflicts: [] });
    expect(mergeDocuments(base, both, base)).toEqual({ merged: both, conflicts: [] });
  });

  it("reports a field both changed differently with its three values and its path, and keeps mine there meanwhile", () => {
    const theirs = edited((copy) => void (copy.blocks[0].heading = "Care for every pet"));
    const mine = edited((copy) => {
      copy.blocks[0].heading = "Support that never sleeps";
      copy.title = "Pets";
    });
    const { merged, conflicts } = mergeDocuments(base, theirs, mine);
    expect(conflicts).toEqual([
      {
        path: "/blocks/0/heading",
        base: "Calm support",
        theirs: "Care for every pet",
        mine: "Support that never sleeps",
      },
    ]);
    expect(merged).toEqual(mine);
  });

  it("writes the side chosen for each conflict, and only then reports none", () => {
    const theirs = edited((copy) => {
      copy.title = "Theirs";
      copy.description = "Their description";
    });
    const mine = edited((copy) => {
      copy.title = "Mine";
      copy.description = "My description";
    });
    expect(mergeDocuments(base, theirs, mine).conflicts.map((conflict) => conflict.path)).toEqual([
      "/title",
      "/description",
    ]);
    const half = mergeDocuments(base, theirs, mine, { "/title": "theirs" });
    expect(half.conflicts.map((conflict) => conflict.path)).toEqual(["/description"]);
    const whole = mergeDocuments(base, theirs, mine, { "/title": "theirs", "/description": "mine" });
    expect(whole).toEqual({
      merged: { ...base, title: "Theirs", description: "My description" },
      conflicts: [],
    });
  });

  it("ignores a choice for a place that is no conflict", () => {
    const theirs = edited((copy) => void (copy.title = "Theirs"));
    expect(mergeDocuments(base, theirs, base, { "/title": "mine" })).toEqual({ merged: theirs, conflicts: [] });
  });

  it("treats a list of plain values as one field", () => {
    const theirs = edited((copy) => void copy.blocks[0].tags!.push("owners"));
    const mine = edited((copy) => void (copy.blocks[0].tags = ["claims"]));
    expect(mergeDocuments(base, theirs, mine).conflicts).toEqual([
      { path: "/blocks/0/tags", base: ["claims", "vets"], theirs: ["claims", "vets", "owners"], mine: ["claims"] },
    ]);
    const onlyTheirs = mergeDocuments(
      base,
      theirs,
      edited((copy) => void (copy.title = "Mine")),
    );
    expect(blocksOf(onlyTheirs.merged)[0].tags).toEqual(["claims", "vets", "owners"]);
  });

  it("matches blocks by their id, so that a block moved by one side keeps the other's edit", () => {
    const theirs = edited((copy) => void copy.blocks.push(copy.blocks.shift()!));
    const mine = edited((copy) => void (copy.blocks[0].heading = "Care for every pet"));
    const { merged, conflicts } = mergeDocuments(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(blocksOf(merged).map((block) => block.type)).toEqual(["cards", "faq", "hero"]);
    expect(blocksOf(merged)[2].heading).toBe("Care for every pet");
  });

  it("asks whose order a list both sides reordered differently takes, and keeps both sides' edits inside it either way", () => {
    const withIds: Page = { ...base, blocks: [hero, { ...cards, id: "cards" }, { ...faq, id: "faq" }] };
    const reordered = (order: string[], edit: (blocks: Block[]) => void): Page => {
      const copy = structuredClone(withIds);
      copy.blocks = order.map((id) => copy.blocks.find((block) => block.id === id)!);
      edit(copy.blocks);
      return copy;
    };
    const theirs = reordered(["faq", "top", "cards"], (blocks) => void (blocks[0].answer = "Because it helps"));
    const mine = reordered(["cards", "faq", "top"], (blocks) => void (blocks[2].heading = "Care for every pet"));
    const asked = mergeDocuments(withIds, theirs, mine);
    expect(asked.conflicts).toEqual([
      { path: "/blocks", base: withIds.blocks, theirs: theirs.blocks, mine: mine.blocks },
    ]);

    const ids = (doc: unknown) => blocksOf(doc).map((block) => block.id);
    const edits = (doc: unknown) => [
      blocksOf(doc).find((block) => block.id === "faq")!.answer,
      blocksOf(doc).find((block) => block.id === "top")!.heading,
    ];
    const theirOrder = mergeDocuments(withIds, theirs, mine, { "/blocks": "theirs" });
    expect(theirOrder.conflicts).toEqual([]);
    expect(ids(theirOrder.merged)).toEqual(["faq", "top", "cards"]);
    expect(edits(theirOrder.merged)).toEqual(["Because it helps", "Care for every pet"]);
    const myOrder = mergeDocuments(withIds, theirs, mine, { "/blocks": "mine" });
    expect(ids(myOrder.merged)).toEqual(["cards", "faq", "top"]);
    expect(edits(myOrder.merged)).toEqual(["Because it helps", "Care for every pet"]);

    // The same new order on both sides is no question.
    const alike = reordered(["cards", "faq", "top"], () => undefined);
    expect(mergeDocuments(withIds, alike, mine).conflicts).toEqual([]);
  });

  it("matches blocks without an id by their place, so that a block inserted above does not move the other's edit", () => {
    const quote = { type: "quote", text: "Great" };
    const theirs = edited((copy) => void copy.blocks.splice(1, 0, quote));
    const mine = edited((copy) => void (copy.blocks[2].answer = "Because it helps"));
    const { merged, conflicts } = mergeDocuments(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(blocksOf(merged)).toEqual([hero, quote, cards, { ...faq, answer: "Because it helps" }]);
  });

  it("keeps the items each side added to a list, in the places they were added", () => {
    const theirs = edited((copy) => void copy.blocks[1].items!.unshift({ title: "Owners", impact: "Calm" }));
    const mine = edited((copy) => {
      copy.blocks[1].items!.push({ title: "Renewals", impact: "Kept" });
      copy.blocks[1].items![0].impact = "Faster";
    });
    const { merged, conflicts } = mergeDocuments(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(blocksOf(merged)[1].items).toEqual([
      { title: "Owners", impact: "Calm" },
      { title: "Claims", impact: "Faster" },
      { title: "Vets", impact: "Same-day" },
      { title: "Renewals", impact: "Kept" },
    ]);
  });

  it("adds a block both sides added alike once, and both blocks when they differ (the one saved first first)", () => {
    const quote = { type: "quote", text: "Great" };
    const both = edited((copy) => void copy.blocks.push(quote));
    expect(blocksOf(mergeDocuments(base, both, both).merged)).toHaveLength(4);
    const other = edited((copy) => void copy.blocks.push({ type: "quote", text: "Good" }));
    expect(blocksOf(mergeDocuments(base, both, other).merged).slice(3)).toEqual([
      quote,
      { type: "quote", text: "Good" },
    ]);
  });

  it("deletes a block one side deleted and the other did not change, and keeps the other side's edits elsewhere", () => {
    const theirs = edited((copy) => void copy.blocks.splice(1, 1));
    const mine = edited((copy) => void (copy.blocks[2].answer = "Because it helps"));
    const { merged, conflicts } = mergeDocuments(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(blocksOf(merged)).toEqual([hero, { ...faq, answer: "Because it helps" }]);
  });

  it("asks when one side deleted a block the other changed, keeping the block in place until someone chooses", () => {
    const theirs = edited((copy) => void copy.blocks.splice(1, 1));
    const mine = edited((copy) => void (copy.blocks[1].items![0].impact = "Faster"));
    const { merged, conflicts } = mergeDocuments(base, theirs, mine);
    expect(conflicts).toEqual([{ path: "/blocks/1", base: cards, theirs: undefined, mine: blocksOf(mine)[1] }]);
    expect(blocksOf(merged)).toEqual(blocksOf(mine));

    expect(blocksOf(mergeDocuments(base, theirs, mine, { "/blocks/1": "theirs" }).merged)).toEqual([hero, faq]);
    expect(mergeDocuments(base, theirs, mine, { "/blocks/1": "mine" }).merged).toEqual(mine);
    // The other way round: I deleted what they changed; the block stays in place (theirs) until chosen.
    const reversed = mergeDocuments(base, mine, theirs);
    expect(reversed.conflicts).toEqual([
      { path: "/blocks/1", base: cards, theirs: blocksOf(mine)[1], mine: undefined },
    ]);
    expect(blocksOf(reversed.merged)).toEqual(blocksOf(mine));
  });

  it("keeps the paths of later conflicts when a deletion is chosen before them", () => {
    const theirs = edited((copy) => {
      copy.blocks.splice(1, 1);
      copy.blocks[1].answer = "Their answer";
    });
    const mine = edited((copy) => {
      copy.blocks[1].items![0].impact = "Faster";
      copy.blocks[2].answer = "My answer";
    });
    expect(mergeDocuments(base, theirs, mine).conflicts.map((conflict) => conflict.path)).toEqual([
      "/blocks/1",
      "/blocks/2/answer",
    ]);
    const chosen = mergeDocuments(base, theirs, mine, { "/blocks/1": "theirs", "/blocks/2/answer": "mine" });
    expect(chosen).toEqual({ merged: { ...base, blocks: [hero, { ...faq, answer: "My answer" }] }, conflicts: [] });
  });

  it("reports a field one side removed and the other changed, and removes it when the removal is chosen", () => {
    const theirs = edited((copy) => void delete copy.description);
    const mine = edited((copy) => void (copy.description = "For pet insurers"));
    expect(mergeDocuments(base, theirs, mine).conflicts).toEqual([
      { path: "/description", base: "For insurers", theirs: undefined, mine: "For pet insurers" },
    ]);
    expect(mergeDocuments(base, theirs, mine, { "/description": "theirs" }).merged).not.toHaveProperty("description");
  });

  it("merges field by field a block both added with the same id", () => {
    const theirs = edited((copy) => void copy.blocks.push({ type: "quote", id: "q", text: "Great" }));
    const mine = edited((copy) => void copy.blocks.push({ type: "quote", id: "q", text: "Good" }));
    expect(mergeDocuments(base, theirs, mine).conflicts).toEqual([
      { path: "/blocks/3/text", base: undefined, theirs: "Great", mine: "Good" },
    ]);
  });

  it("reports the whole document when it is not an object on every side", () => {
    expect(
      mergeDocuments(
        base,
        undefined,
        edited((copy) => void (copy.title = "Mine")),
      ).conflicts,
    ).toEqual([{ path: "", base, theirs: undefined, mine: { ...base, title: "Mine" } }]);
    expect(mergeDocuments(undefined, base, { ...base, title: "Mine" }).conflicts).toEqual([
      { path: "/title", base: undefined, theirs: "Pet insurance", mine: "Mine" },
    ]);
  });
});
