import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { blockFolders, projectValidators } from "../contract/schemas.server.ts";
import { CONFIG_DIR, ROOT } from "../toolchain/paths.ts";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";
import { blockTypes, edgePages, generatePages, writeGeneratedConfig } from "./support/generate-documents.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "generated-documents-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const SAMPLE = { seed: 7, maxVariants: 3, random: 4 };
const pages = generatePages(SAMPLE);

/** The length of the longest string anywhere in a value. */
const longest = (value: unknown): number =>
  typeof value === "string"
    ? value.length
    : value && typeof value === "object"
      ? Math.max(0, ...Object.values(value).map(longest))
      : 0;

describe("documents generated from the block schemas (the browser check in tests/e2e/generated-pages.whole.test.ts)", () => {
  it("cover every block type of the schemas, each at its minimum, its maximum variants and at random", () => {
    const types = projectValidators().blockTypes;
    expect(blockTypes().map(({ type }) => type)).toEqual(types);
    expect(types).toEqual(blockFolders(ROOT));
    expect(pages).toHaveLength(types.length * (1 + SAMPLE.maxVariants + SAMPLE.random));
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
  });

  it("pass validation, cross-checks included", () => {
    const configDir = path.join(scratch, "site-config");
    writeGeneratedConfig(CONFIG_DIR, configDir, [...pages, ...edgePages()]);
    const { problems, pageCount } = validateConfig({ configDir });
    expect(problems.map(formatProblem)).toEqual([]);
    expect(pageCount).toBeGreaterThanOrEqual(pages.length + edgePages().length);
  });

  it("are the same for the same seed, and differ for another", () => {
    expect(generatePages(SAMPLE)).toEqual(pages);
    const other = generatePages({ ...SAMPLE, seed: 8 }).filter((page) => page.name.includes("random"));
    expect(other.map((page) => page.document)).not.toEqual(
      pages.filter((page) => page.name.includes("random")).map((page) => page.document),
    );
  });

  it("reach the limits: the maximum case fills a text to its maxLength, the minimum case leaves optional fields out", () => {
    const hero = (label: string) => pages.find((page) => page.name === `hero/${label}`)?.document.blocks as object[];
    expect(Object.keys(hero("min")[0])).toEqual(["type", "heading"]);
    const max = hero("max-1")[0] as { heading: string; rotatingWords: string[]; actions: unknown[] };
    expect(max.heading).toHaveLength(120);
    expect(max.rotatingWords).toHaveLength(10);
    expect(max.actions).toHaveLength(2);
    expect(longest(max)).toBeGreaterThan(100);
  });

  it("include an industry hero whose two action labels are unbreakable tokens at the label's maxLength (40)", () => {
    const [hero] = edgePages()[0].document.blocks as { type: string; actions: { label: string }[] }[];
    expect(hero.type).toBe("industry-hero");
    expect(hero.actions.map((action) => action.label)).toEqual([
      "www.firstnotificationoflossfirst.example",
      "www.policyrenewalsandquotespolic.example",
    ]);
    for (const { label } of hero.actions) expect(label).toMatch(/^[a-z.]{40}$/);
  });
});
