import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PaneSwitch, paneChoices, shownPane } from "./PaneSwitch.tsx";

describe("the pane switch of the editor on a phone", () => {
  it("names each pane by what it shows, the shown one pressed, and shows another", async () => {
    const onChange = vi.fn();
    render(<PaneSwitch choices={paneChoices("blocks")} pane="form" onChange={onChange} />);
    const group = screen.getByRole("group", { name: "Show" });
    const buttons = [...group.querySelectorAll("button")];
    expect(buttons.map((button) => [button.textContent?.trim(), button.getAttribute("aria-pressed")])).toEqual([
      ["Blocks", "false"],
      ["Fields", "true"],
      ["Preview", "false"],
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(onChange).toHaveBeenCalledWith("preview");
  });

  it("offers site.json its settings and preview, and a page's versions in the outline's place while its history is open", () => {
    expect(paneChoices("settings").map((choice) => choice.label)).toEqual(["Settings", "Preview"]);
    expect(paneChoices("history").map((choice) => choice.label)).toEqual(["Versions", "Preview"]);
    // A pane the document does not have gives way to its first.
    expect(shownPane(paneChoices("settings"), "outline")).toBe("form");
    expect(shownPane(paneChoices("history"), "form")).toBe("outline");
    expect(shownPane(paneChoices("blocks"), "preview")).toBe("preview");
  });
});
