// @vitest-environment node
/**
 * The validation code kept between processes (contract/kept-validation-code.server.ts): loaded again, it validates,
 * fills in defaults and meets the marked references as the schemas compiled in the process do; a kept file cut short
 * is compiled again; only the newest versions stay.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { keptValidationCode } from "../contract/kept-validation-code.server.ts";
import { listPageFiles } from "../contract/content.server.ts";
import { SCHEMA_BASE, createValidators } from "../contract/schemas.server.ts";

const require = createRequire(import.meta.url);
const keptDir = path.join(path.dirname(path.dirname(require.resolve("ajv/package.json"))), ".cache", "validation-code");

const SCHEMA = {
  type: "object",
  properties: { title: { type: "string", maxLength: 10 }, tone: { type: "string", default: "calm" } },
  required: ["title"],
  additionalProperties: false,
};

/** An ajv as the project configures one, holding SCHEMA, and inputs no other test names. */
function fixture() {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, code: { source: true } });
  ajv.addSchema(SCHEMA, "https://fixture.invalid/page");
  return { ajv, names: { page: "https://fixture.invalid/page" }, inputs: `fixture ${randomUUID()}` };
}

const keptFiles = () => (fs.existsSync(keptDir) ? fs.readdirSync(keptDir).filter((name) => name.endsWith(".cjs")) : []);

describe("the validation code kept between processes", () => {
  it("is compiled once and loaded after, validating and filling in defaults as compiled", () => {
    const { ajv, names, inputs } = fixture();
    const before = new Set(keptFiles());
    const compiled = keptValidationCode(() => ajv, names, inputs);
    expect(compiled.page).toBe(ajv.getSchema(names.page));
    const written = keptFiles().filter((name) => !before.has(name));
    expect(written).toHaveLength(1);

    // Another process, as far as the code goes: loading the code makes no ajv at all.
    const loaded = keptValidationCode(
      () => {
        throw new Error("ajv was made to load the kept code");
      },
      names,
      inputs,
    ).page!;
    expect(loaded).not.toBe(compiled.page);
    const page: Record<string, unknown> = { title: "Claims" };
    expect(loaded(page)).toBe(true);
    expect(page).toEqual({ title: "Claims", tone: "calm" });
    expect(loaded({ title: "A title far too long", colour: "red" })).toBe(false);
    expect(loaded.errors?.map(({ keyword, instancePath }) => [keyword, instancePath])).toEqual([
      ["additionalProperties", ""],
      ["maxLength", "/title"],
    ]);
    fs.rmSync(path.join(keptDir, written[0]!));
  });

  it("compiles again over a kept file cut short, and keeps it whole", () => {
    const { ajv, names, inputs } = fixture();
    const before = new Set(keptFiles());
    keptValidationCode(() => ajv, names, inputs);
    const [name] = keptFiles().filter((file) => !before.has(file));
    const file = path.join(keptDir, name!);
    const whole = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, whole.slice(0, whole.length / 2));
    const again = fixture();
    expect(keptValidationCode(() => again.ajv, names, inputs).page).toBe(again.ajv.getSchema(names.page));
    expect(fs.readFileSync(file, "utf8")).toBe(whole);
    fs.rmSync(file);
  });

  it("keeps the newest eight versions only", () => {
    const made = Array.from({ length: 9 }, () => {
      const before = new Set(keptFiles());
      const { ajv, names, inputs } = fixture();
      keptValidationCode(() => ajv, names, inputs);
      return keptFiles().find((name) => !before.has(name));
    });
    const kept = new Set(keptFiles());
    expect(made.every(Boolean)).toBe(true);
    expect(kept.has(made[0]!)).toBe(false);
    for (const name of made) if (name) fs.rmSync(path.join(keptDir, name), { force: true });
  });

  it("gives the project's validators the same verdicts, defaults and references as the schemas compiled now", () => {
    createValidators();
    // Loaded from the code the line above kept, if it was not kept already.
    const validators = createValidators();
    const compiledNow = validators.ajv.getSchema(`${SCHEMA_BASE}schemas/page.schema.json`)!;
    const marked = globalThis as { [key: symbol]: unknown };
    // Each of the site's pages as written, and one with problems.
    const documents = [
      ...listPageFiles().map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as unknown),
      { title: "Claims", path: "/claims", blocks: [{ type: "heros" }, { heading: "No type" }] },
    ];
    for (const document of documents) {
      const [loaded, compiled] = [structuredClone(document), structuredClone(document)];
      const valid = validators.page(loaded);
      const met = validators.references();
      const list: unknown[] = [];
      marked[Symbol.for("voxa-site.marked-references")] = list;
      expect(compiledNow(compiled)).toBe(valid);
      expect(list).toEqual(met);
      expect(loaded).toEqual(compiled);
      expect(validators.page.errors).toEqual(valid ? null : compiledNow.errors);
    }
  });
});
