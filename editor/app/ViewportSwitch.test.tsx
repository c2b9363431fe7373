import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ViewportSwitch } from "./ViewportSwitch.tsx";

describe("the preview width switch", () => {
  it("names each width by its device, shows the chosen one pressed and picks another", async () => {
    const onChange = vi.fn();
    render(<ViewportSwitch viewport={1366} onChange={onChange} />);
    const group = screen.getByRole("group", { name: "Preview width" });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Desktop, ?1366$/ })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: /^Tablet, ?768$/ })).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(screen.getByRole("button", { name: /^Phone, ?390$/ }));
    expect(onChange).toHaveBeenCalledWith(390);
  });
});
