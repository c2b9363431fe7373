import { describe, expect, it } from "vitest";
import { labelOf } from "./app/Fields.tsx";

describe("the editor's field labels", () => {
  it("are the property's name as words, or a title written for people, never a type's name", () => {
    expect(labelOf("durationMs")).toBe("Duration ms");
    expect(labelOf("ogImage")).toBe("Og image");
    expect(labelOf("icon", { title: "IconName" })).toBe("Icon");
    expect(labelOf("cta", { title: "Closing call to action" })).toBe("Closing call to action");
    expect(labelOf(2)).toBe("Item 3");
  });
});
