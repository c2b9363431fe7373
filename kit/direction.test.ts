import { afterEach, describe, expect, it } from "vitest";
import { arrowStep, directionOf, documentDirection } from "./direction.ts";

afterEach(() => {
  document.documentElement.removeAttribute("dir");
  document.body.replaceChildren();
});

describe("direction", () => {
  it("reads the page's direction from <html dir>, left to right when it is missing or unknown", () => {
    expect(documentDirection()).toBe("ltr");
    document.documentElement.dir = "rtl";
    expect(documentDirection()).toBe("rtl");
    document.documentElement.setAttribute("dir", "auto");
    expect(documentDirection()).toBe("ltr");
  });

  it("reads an element's direction from its closest dir", () => {
    document.documentElement.dir = "rtl";
    document.body.innerHTML = `<p><span id="a"></span></p><div dir="ltr"><span id="b"></span></div>`;
    expect(directionOf(document.getElementById("a") as Element)).toBe("rtl");
    expect(directionOf(document.getElementById("b") as Element)).toBe("ltr");
  });

  it("steps forward with the arrow pointing where the line goes, back with the other, not with other keys", () => {
    expect([arrowStep("ArrowRight", "ltr"), arrowStep("ArrowLeft", "ltr")]).toEqual([1, -1]);
    expect([arrowStep("ArrowLeft", "rtl"), arrowStep("ArrowRight", "rtl")]).toEqual([1, -1]);
    expect([arrowStep("ArrowDown", "rtl"), arrowStep("Enter", "ltr")]).toEqual([0, 0]);
  });
});
