import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { editorErrors } from "../../../contract/errors.ts";
import type { BlockMeta } from "../../block-meta.ts";
import { catalogueLine } from "../api.ts";
import { MergeChoice } from "./MergeChoice.tsx";

// jsdom has the dialog element but not its methods; these do what the browser's do to its `open` attribute.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute("open", "");
};

const FILE = "site-config/pages/about.json";
const metas = new Map([["faq", { type: "faq", label: "FAQ" } as BlockMeta]]);
const conflicts = [
  {
    path: "/blocks/0/heading",
    field: "Industry hero › Heading",
    base: "Calm support",
    theirs: "Care for every pet",
    mine: "Support that never sleeps",
  },
  { path: "/blocks/2", field: "FAQ", base: { type: "faq" }, mine: { type: "faq", heading: "Why pets?" } },
];

function show(files = [{ file: FILE, conflicts }]) {
  const onChosen = vi.fn();
  const onCancel = vi.fn();
  render(
    <MergeChoice
      words={catalogueLine(editorErrors.conflict)}
      files={files}
      metas={metas}
      action="Save with these choices"
      onChosen={onChosen}
      onCancel={onCancel}
    />,
  );
  return { onChosen, onCancel };
}

describe("the merge choice: both values of each field both changed, side by side, in words", () => {
  it("says what happened in the catalogue's words and names each field as the form does, with its value before", () => {
    show();
    const dialog = screen.getByRole("dialog", { name: editorErrors.conflict.title });
    expect(dialog).toHaveAccessibleDescription(editorErrors.conflict.message);
    expect(within(dialog).getByText(editorErrors.conflict.hint)).toBeInTheDocument();
    const heading = within(dialog).getByRole("group", { name: "Industry hero › Heading" });
    expect(within(heading).getByText("Before: Calm support")).toBeInTheDocument();
    expect(within(heading).getByRole("radio", { name: "Keep yours" })).toHaveAccessibleDescription(
      "Support that never sleeps",
    );
    expect(within(heading).getByRole("radio", { name: "Keep theirs" })).toHaveAccessibleDescription(
      "Care for every pet",
    );
    const block = within(dialog).getByRole("group", { name: "FAQ" });
    expect(within(block).getByRole("radio", { name: "Keep yours" })).toHaveAccessibleDescription("FAQ: Why pets?");
    expect(within(block).getByRole("radio", { name: "Keep theirs" })).toHaveAccessibleDescription("Removed");
  });

  it("goes on only once every field has a choice, with the side chosen for each", async () => {
    const { onChosen } = show();
    const action = screen.getByRole("button", { name: "Save with these choices" });
    expect(action).toBeDisabled();
    expect(screen.getByText("0 of 2 chosen")).toBeInTheDocument();
    const heading = screen.getByRole("group", { name: "Industry hero › Heading" });
    await userEvent.click(within(heading).getByRole("radio", { name: "Keep theirs" }));
    expect(action).toBeDisabled();
    await userEvent.click(within(screen.getByRole("group", { name: "FAQ" })).getByText("Yours"));
    expect(screen.getByText("2 of 2 chosen")).toBeInTheDocument();
    await userEvent.click(action);
    expect(onChosen).toHaveBeenCalledWith({ [FILE]: { "/blocks/0/heading": "theirs", "/blocks/2": "mine" } });
  });

  it("names each file when the conflicts are in several, and lets the person put off the choice", async () => {
    const other = "site-config/pages/index.json";
    const { onCancel } = show([
      { file: FILE, conflicts: conflicts.slice(0, 1) },
      { file: other, conflicts: [{ path: "/title", field: "Title", base: "Home", theirs: "", mine: "Welcome" }] },
    ]);
    expect(screen.getByRole("heading", { name: other })).toBeInTheDocument();
    const title = within(screen.getByRole("region", { name: other })).getByRole("group", { name: "Title" });
    expect(within(title).getByRole("radio", { name: "Keep theirs" })).toHaveAccessibleDescription("Empty");
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(onCancel).toHaveBeenCalled();
  });

  it("gives the focus back to where it was once it leaves the page", () => {
    const field = document.createElement("input");
    document.body.append(field);
    field.focus();
    const { unmount } = render(
      <MergeChoice
        words={catalogueLine(editorErrors.conflict)}
        files={[{ file: FILE, conflicts }]}
        metas={metas}
        action="Save with these choices"
        onChosen={() => {}}
        onCancel={() => {}}
      />,
    );
    screen.getByRole("button", { name: "Not now" }).focus();
    unmount();
    expect(document.activeElement).toBe(field);
    field.remove();
  });
});
