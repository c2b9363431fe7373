import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BlockMeta } from "../../block-meta.ts";
import { useHistory } from "../history.ts";
import type { Doc } from "./drafts.ts";
import { insertionPoint, useBlockEditing } from "./useBlockEditing.ts";

const page = (): Doc => ({
  title: "T",
  blocks: [
    { type: "industry-hero", id: "top", heading: "H" },
    { type: "use-case-cards", id: "cards" },
    { type: "call-to-action" },
  ],
});

function setup() {
  return renderHook(() => {
    const history = useHistory<Doc | null>(page());
    return { history, blocks: useBlockEditing(history.change) };
  });
}

const types = (doc: Doc | null) => (doc?.blocks as Doc[]).map((block) => block.type);

describe("useBlockEditing: the list of blocks", () => {
  it("adds a block after the selected one, or at the end but before a closing call to action", () => {
    const blocks = page().blocks as Doc[];
    expect(insertionPoint(blocks, "page")).toBe(2);
    expect(insertionPoint(blocks, 0)).toBe(1);
    expect(insertionPoint(blocks, 2)).toBe(2);
    expect(insertionPoint([{ type: "industry-hero" }], "page")).toBe(1);
  });

  it("adds a block before the shared section that closes the page with the call to action", () => {
    const sections = {
      closing: { blocks: [{ type: "call-to-action" }] },
      band: { blocks: [{ type: "text-section", heading: "Band" }] },
      "band-and-closing": {
        blocks: [
          { type: "section", section: "band" },
          { type: "section", section: "closing" },
        ],
      },
    };
    const hero = { type: "industry-hero", id: "top", heading: "H" };
    expect(insertionPoint([hero, { type: "section", section: "closing" }], "page", sections)).toBe(1);
    expect(insertionPoint([hero, { type: "section", section: "band-and-closing" }], "page", sections)).toBe(1);
    expect(insertionPoint([hero, { type: "section", section: "closing" }], 1, sections)).toBe(1);
    // A section that places no call to action is a block like any other: the new one goes after it.
    expect(insertionPoint([hero, { type: "section", section: "band" }], "page", sections)).toBe(2);
    // A page that no longer ends with its closing section gets the new block before it all the same.
    expect(insertionPoint([hero, { type: "section", section: "closing" }, hero], "page", sections)).toBe(1);
  });

  it("inserts before the page's closing section when nothing is selected, where the page stays valid", () => {
    const { result } = renderHook(() => {
      const history = useHistory<Doc | null>({
        title: "T",
        blocks: [
          { type: "industry-hero", heading: "H" },
          { type: "section", section: "closing" },
        ],
      });
      return { history, blocks: useBlockEditing(history.change) };
    });
    const meta = { type: "faq", label: "FAQ", example: { type: "faq", items: [] } } as unknown as BlockMeta;
    const sections = { closing: { blocks: [{ type: "call-to-action" }] } };
    act(() => result.current.blocks.onInsert(result.current.history.value!.blocks as Doc[], meta, sections));
    expect(types(result.current.history.value)).toEqual(["industry-hero", "faq", "section"]);
    expect(result.current.blocks.announcement).toBe("FAQ added at position 2");
  });

  it("inserts the block's example, selects it and announces where it went", () => {
    const { result } = setup();
    const meta = { type: "faq", label: "FAQ", example: { type: "faq", items: [] } } as unknown as BlockMeta;
    act(() => result.current.blocks.onInsert(result.current.history.value!.blocks as Doc[], meta));
    expect(types(result.current.history.value)).toEqual(["industry-hero", "use-case-cards", "faq", "call-to-action"]);
    expect(result.current.blocks.selected).toBe(2);
    expect(result.current.blocks.announcement).toBe("FAQ added at position 3");
  });

  it("moves a block, the selection following it", () => {
    const { result } = setup();
    act(() => result.current.blocks.select(0));
    act(() => result.current.blocks.onMove(0, 1, "Industry hero"));
    expect(types(result.current.history.value)).toEqual(["use-case-cards", "industry-hero", "call-to-action"]);
    expect(result.current.blocks.selected).toBe(1);
    expect(result.current.blocks.announcement).toBe("Industry hero moved to position 2");
  });

  it("duplicates a block without its anchor id, and selects the copy", () => {
    const { result } = setup();
    act(() => result.current.blocks.onDuplicate(0, "Industry hero"));
    const blocks = result.current.history.value!.blocks as Doc[];
    expect(blocks[1]).toEqual({ type: "industry-hero", heading: "H" });
    expect(result.current.blocks.selected).toBe(1);
    expect(result.current.blocks.announcement).toBe("Industry hero duplicated");
  });

  it("deletes a block and selects the one before it (the page's settings after the first); one undo brings it back", () => {
    const { result } = setup();
    act(() => result.current.blocks.onDelete(0, "Industry hero"));
    expect(types(result.current.history.value)).toEqual(["use-case-cards", "call-to-action"]);
    expect(result.current.blocks.selected).toBe("page");
    expect(result.current.blocks.announcement).toBe("Industry hero deleted");
    act(() => result.current.history.undo());
    expect(result.current.history.value).toEqual(page());
  });

  it("tells the preview to scroll to a block picked in the outline, not to one clicked in the preview", () => {
    const { result } = setup();
    act(() => result.current.blocks.select(1));
    expect(result.current.blocks.scrollToSelected).toBe(true);
    act(() => result.current.blocks.selectFromPreview(2));
    expect(result.current.blocks.selected).toBe(2);
    expect(result.current.blocks.scrollToSelected).toBe(false);
  });
});
