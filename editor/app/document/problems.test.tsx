import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { BlockMeta } from "../../block-meta.ts";
import type { Problem } from "../api.ts";
import { placeOf } from "../../../toolchain/changes-in-words.ts";
import { ProblemList, problemsByPointer, problemsOfSelection, problemsPerBlock } from "./problems.tsx";

const doc = {
  title: "T",
  blocks: [{ type: "industry-hero", actions: [{ label: "A", href: "" }] }, { type: "faq" }],
};
const metas = new Map([["industry-hero", { label: "Industry hero" } as BlockMeta]]);
const problem = (pointer: string, message = "wrong"): Problem =>
  ({ file: "f", pointer, line: 1, column: 1, code: "CFG004", message, hint: "" }) as Problem;

describe("problems: where they are, in the form's words", () => {
  it("names a field by block label (with its heading when there are several), item number and field label", () => {
    expect(placeOf("/blocks/0/actions/0/href", doc, metas)).toBe("Industry hero › Action 1 › Link");
    expect(placeOf("/blocks/1", doc, metas)).toBe("Block ‘faq’");
    const twoHeroes = { blocks: [doc.blocks[0], { type: "faq" }, { ...doc.blocks[0], heading: "Calm claims" }] };
    expect(placeOf("/blocks/2/actions/0", twoHeroes, metas)).toBe("Industry hero “Calm claims” › Action 1");
    // Without a heading to tell them apart, blocks of one type are numbered among their type.
    expect(placeOf("/blocks/0/actions/0", twoHeroes, metas)).toBe("Industry hero 1 › Action 1");
    expect(placeOf("/blocks/0", { blocks: [{ type: "section", section: "closing" }] }, metas)).toBe(
      "Shared section “closing”",
    );
    expect(placeOf("/title", doc, metas)).toBe("Title");
    expect(placeOf("", doc, metas)).toBe("The file");
  });

  it("counts them per block and groups them per field", () => {
    const problems = [problem("/title"), problem("/blocks/0/heading"), problem("/blocks/0/heading", "again")];
    expect([...problemsPerBlock(problems, true)]).toEqual([
      ["page", 1],
      [0, 2],
    ]);
    expect([...problemsPerBlock(problems, false)]).toEqual([["page", 3]]);
    expect(problemsByPointer(problems).get("/blocks/0/heading")).toHaveLength(2);
    expect(problemsOfSelection(problems, 0, true)).toHaveLength(2);
    expect(problemsOfSelection(problems, "page", true)).toEqual([problem("/title")]);
  });

  it("lists them as links that go to their field", async () => {
    const onGo = vi.fn();
    render(
      <ProblemList
        problems={[problem("/blocks/0/actions/0/href", "empty link")]}
        doc={doc}
        metas={metas}
        onGo={onGo}
      />,
    );
    expect(screen.getByText("1 problem to fix here:")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Industry hero › Action 1 › Link" }));
    expect(onGo).toHaveBeenCalledWith("/blocks/0/actions/0/href");
    expect(screen.getByRole("listitem")).toHaveTextContent("Industry hero › Action 1 › Link: empty link");
  });
});
