// @vitest-environment node
/**
 * A process that validates again and again (the dev server on each save, the editor as one types) checks again
 * against the schemas only the files whose text changed; a changed file's problems are found as before.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Validators, createValidators } from "../contract/schemas.server.ts";
import { CONFIG_DIR, PUBLIC_DIR } from "../toolchain/paths.ts";
import { validateConfig } from "../toolchain/validate.ts";
import { readContent } from "../toolchain/validate/read-content.ts";

/** The project's validators, with the page schema's checks counted. */
function countingValidators(): { validators: Validators; pagesChecked: () => number } {
  const validators = createValidators();
  let count = 0;
  const page = validators.page;
  const counted = ((data: unknown) => {
    count++;
    const valid = page(data);
    counted.errors = page.errors;
    return valid;
  }) as Validators["page"];
  counted.schema = page.schema;
  return { validators: { ...validators, page: counted }, pagesChecked: () => count };
}

describe("validating again", () => {
  it("checks again only the page whose text changed, and finds its problem", () => {
    const { validators, pagesChecked } = countingValidators();
    const first = validateConfig({ validators });
    expect(first.problems).toEqual([]);
    const all = pagesChecked();
    expect(all).toBeGreaterThan(1);

    expect(validateConfig({ validators }).problems).toEqual([]);
    expect(pagesChecked()).toBe(all);

    const about = path.join(CONFIG_DIR, "pages", "about.json");
    const overrides = new Map([[about, JSON.stringify({ path: "/about", title: 42, blocks: [] })]]);
    const changed = validateConfig({ validators, overrides });
    expect(pagesChecked()).toBe(all + 1);
    expect(changed.problems.map((p) => `${p.file} ${p.pointer}`)).toContain("site-config/pages/about.json /title");
  });

  it("reads the link an override writes once, however many times it validates", () => {
    const { validators } = countingValidators();
    const closing = path.join(CONFIG_DIR, "sections", "closing.json");
    const page = path.join(CONFIG_DIR, "pages", "offer.json");
    const overrides = new Map([
      [
        closing,
        JSON.stringify({
          $schema: "../../schemas/section.schema.json",
          name: "Closing call to action",
          overridable: { action: "/blocks/0/primary/href" },
          blocks: [{ type: "call-to-action", primary: { label: "Book a Demo", href: "/contact" } }],
        }),
      ],
      [
        page,
        JSON.stringify({
          $schema: "../../schemas/page.schema.json",
          path: "/offer",
          title: "Offer",
          description: "An offer, ending with the closing call to action aimed elsewhere.",
          blocks: [
            { type: "hero", heading: "Try it" },
            { type: "section", section: "closing", overrides: { action: "/nowhere-at-all" } },
          ],
        }),
      ],
    ]);
    const broken = (problems: readonly { file: string; message: string }[]) =>
      problems.filter((p) => p.file === "site-config/pages/offer.json" && p.message.includes("/nowhere-at-all"));
    expect(broken(validateConfig({ validators, overrides }).problems)).toHaveLength(1);
    // What the checks read: the page's references, the override's link among them once, read after read.
    const references = () =>
      readContent({ configDir: CONFIG_DIR, publicDir: PUBLIC_DIR, validators, overrides })
        .context.sources.find((source) => source.file === page)!
        .references.map((reference) => reference.value);
    expect(references()).toEqual(["/nowhere-at-all"]);
    expect(references()).toEqual(["/nowhere-at-all"]);
    expect(broken(validateConfig({ validators, overrides }).problems)).toHaveLength(1);
  });
});
