// @vitest-environment node
import { describe, expect, it } from "vitest";
import { blocksOf, showsItsSource } from "./e2e/support/route-plan.ts";

/** A built page whose `main` holds `blocks`, wrapped as a fallback's are when `lang` is given. */
const page = (blocks: string[], lang?: string) =>
  `<!doctype html><html><body><header><a href="/">Home</a></header><main id="main">${
    lang ? `<div lang="${lang}" dir="ltr">${blocks.join("")}</div>` : blocks.join("")
  }</main></body></html>`;

const hero = (href: string) => `<section><h1>AI agents</h1><a href="${href}">Book a demo</a></section>`;
const form = (href: string) =>
  `<div data-props="{&quot;privacy&quot;:{&quot;href&quot;:&quot;${href}&quot;}}"><section>Form</section></div>`;
const closing = (words: string) => `<section><h2>${words}</h2></section>`;

describe("the browser tier's proof that a fallback shows its source's content", () => {
  it("reads a page's blocks, inside the wrapper that marks a fallback's language", () => {
    expect(blocksOf(page([hero("/de/contact"), closing("Jetzt")], "en-GB"))).toEqual([
      '<section><h1>AI agents</h1><a href="">Book a demo</a></section>',
      "<section><h2>Jetzt</h2></section>",
    ]);
    expect(blocksOf("<p>no main</p>")).toEqual([]);
  });

  it("holds where only the addresses differ, in links and in an island's properties", () => {
    const source = page([hero("/contact"), form("/privacy")]);
    expect(showsItsSource(page([hero("/de/kontakt"), form("/de/privacy")], "en-GB"), source, [])).toBe(true);
  });

  it("holds where a block is one the locale's own pages show (its version of a shared section)", () => {
    const source = page([hero("/contact"), closing("See results")]);
    const fallback = page([hero("/de/kontakt"), closing("Erst überzeugen")], "en-GB");
    expect(showsItsSource(fallback, source, [page([closing("Erst überzeugen")])])).toBe(true);
    expect(showsItsSource(fallback, source, [])).toBe(false);
  });

  it("fails where the words differ, or a block is added or missing", () => {
    const source = page([hero("/contact"), closing("See results")]);
    expect(showsItsSource(page([hero("/contact"), closing("Other words")], "en-GB"), source, [])).toBe(false);
    expect(showsItsSource(page([hero("/contact")], "en-GB"), source, [])).toBe(false);
  });
});
