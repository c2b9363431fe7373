import { describe, expect, it } from "vitest";
import { itemLabel, itemName, labelOf, singular } from "./field-labels.ts";

describe("the editor's field labels", () => {
  it("are the property's name as words, or a title written for people, never a type's name", () => {
    expect(labelOf("durationMs")).toBe("Duration ms");
    expect(labelOf("ogImage")).toBe("Og image");
    expect(labelOf("icon", { title: "IconName" })).toBe("Icon");
    expect(labelOf("cta", { title: "Closing call to action" })).toBe("Closing call to action");
    expect(labelOf(2)).toBe("Item 3");
  });

  it("call a link a link", () => {
    expect(labelOf("href")).toBe("Link");
  });
});

describe("the labels of a list's items", () => {
  it("are the item's own words when it has some: its label, title, heading or text", () => {
    expect(itemLabel("Actions", 0, { label: "Schedule Demo", href: "/contact" })).toBe("Schedule Demo");
    expect(itemLabel("Cards", 2, { icon: "phone", title: "Warm transfer" })).toBe("Warm transfer");
    expect(itemLabel("Items", 0, { icon: "clock", text: "24/7 support by phone, chat and email" })).toBe(
      "24/7 support by phone, chat and email",
    );
    expect(
      itemLabel("Items", 0, { text: "Integration with your CRM, your telephony and any custom API you run today" }),
    ).toBe("Integration with your CRM, your telephony and a…");
  });

  it("are one of the list, by its place, when the item has no words yet", () => {
    expect(itemLabel("Actions", 0, { label: "", href: "/contact" })).toBe("Action 1");
    expect(itemLabel("Points", 1, "Answers 24/7")).toBe("Point 2");
    expect(itemName("Capabilities", 3)).toBe("Capability 4");
    expect(["Actions", "Stats", "Rotating words", "Address", "Items"].map(singular)).toEqual([
      "Action",
      "Stat",
      "Rotating word",
      "Address",
      "Item",
    ]);
  });
});
