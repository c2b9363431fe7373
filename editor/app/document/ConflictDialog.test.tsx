import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { editorErrors } from "../../../contract/errors.ts";
import { ConflictDialog } from "./ConflictDialog.tsx";

// jsdom has the dialog element but not its methods; these do what the browser's do to its `open` attribute.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute("open");
};

describe("the conflict dialog", () => {
  it("says the file changed on disk, in the catalogue's words, and offers their version or mine", async () => {
    const onReload = vi.fn();
    const onKeepMine = vi.fn();
    const dialog = createRef<HTMLDialogElement>();
    render(<ConflictDialog dialog={dialog} shown onClosed={() => {}} onReload={onReload} onKeepMine={onKeepMine} />);
    dialog.current!.showModal();
    expect(screen.getByRole("heading", { name: editorErrors.conflict.title })).toBeInTheDocument();
    expect(screen.getByText(editorErrors.conflict.message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Keep mine" }));
    expect(onKeepMine).toHaveBeenCalled();
    expect(dialog.current!.open).toBe(false);
    dialog.current!.showModal();
    await userEvent.click(screen.getByRole("button", { name: "Reload from disk" }));
    expect(onReload).toHaveBeenCalled();
    expect(dialog.current!.open).toBe(false);
  });
});
