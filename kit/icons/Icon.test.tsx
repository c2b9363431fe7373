import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { componentErrors, messageOf } from "../../contract/errors.ts";
import type { IconName } from "../../contract/generated/schema-types.ts";
import { Icon } from "./Icon.tsx";

describe("Icon", () => {
  it("draws a bundled icon, labelled when given a label and hidden from assistive technology otherwise", () => {
    render(
      <>
        <Icon name="check" label="Included" />
        <Icon name="check" />
      </>,
    );
    expect(screen.getByRole("img", { name: "Included" })).toBeInTheDocument();
    expect(document.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(1);
  });

  it("refuses an icon the bundle lacks with ICON001, naming it", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const name = "no-such-icon" as IconName;
    expect(() => render(<Icon name={name} />)).toThrow(
      `${componentErrors.iconNotBundled.code} ${messageOf(componentErrors.iconNotBundled, { name })}`,
    );
    expect(messageOf(componentErrors.iconNotBundled, { name })).toBe(
      "Icon 'no-such-icon' is not bundled: name it in site-config/ or restart the dev server",
    );
  });

  it("marks the icons that point a direction, which right to left mirrors, and no others", () => {
    render(
      <>
        <Icon name="arrow-right" label="Go" />
        <Icon name="check" label="Included" />
      </>,
    );
    expect(screen.getByRole("img", { name: "Go" })).toHaveAttribute("data-directional");
    expect(screen.getByRole("img", { name: "Included" })).not.toHaveAttribute("data-directional");
  });
});
