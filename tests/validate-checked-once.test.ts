// @vitest-environment node
/**
 * A process that validates again and again (the dev server on each save, the editor as one types) checks again
 * against the schemas only the files whose text changed; a changed file's problems are found as before.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Validators, createValidators } from "../contract/schemas.server.ts";
import { CONFIG_DIR } from "../toolchain/paths.ts";
import { validateConfig } from "../toolchain/validate.ts";

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
});
