// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { describe, expect, it } from "vitest";
import { formatJson, formatJsonFile } from "../toolchain/format-json.ts";
import { listPageFiles, listSectionFiles } from "../contract/content.server.ts";
import { CONFIG_DIR, ROOT } from "../toolchain/paths.ts";
import { edgePages, generatePages } from "./support/generate-documents.ts";

/**
 * formatJson writes what Prettier writes, so that `npm run migrate` and the editor's save can format without
 * Prettier's parser: proven here over every content file of the site and the documents generated from every block
 * schema, each as it is written, on one line and fully expanded, with the project's options and others.
 */
const projectOptions = (await prettier.resolveConfig(path.join(ROOT, "package.json"))) ?? {};
const options = (file: string, extra: prettier.Options = {}) => ({ ...projectOptions, ...extra, filepath: file });

const contentFiles = [
  path.join(CONFIG_DIR, "site.json"),
  ...listPageFiles(path.join(CONFIG_DIR, "pages")),
  ...listSectionFiles(CONFIG_DIR),
].map((file) => ({ name: path.relative(ROOT, file), text: fs.readFileSync(file, "utf8") }));
const generated = [...generatePages({ seed: 7, maxVariants: 2, random: 2 }), ...edgePages()].map((page) => ({
  name: page.name,
  value: page.document,
}));

/** The same value laid out as Prettier has to decide it: on one line, and every object and array expanded. */
const layouts = (value: unknown) => [JSON.stringify(value), JSON.stringify(value, null, 2)];

async function expectPrettiers(text: string, extra: prettier.Options = {}) {
  const file = path.join(ROOT, "site-config/pages/example.json");
  expect(formatJson(text, options(file, extra))).toBe(await prettier.format(text, options(file, extra)));
}

describe("formatJson writes what Prettier writes", () => {
  it.each(contentFiles)("for $name, as written, on one line and expanded", async ({ text }) => {
    for (const layout of [text, ...layouts(JSON.parse(text))]) await expectPrettiers(layout);
  });

  it("for the documents generated from every block schema, on one line and expanded", async () => {
    for (const { value } of generated) for (const layout of layouts(value)) await expectPrettiers(layout);
  });

  it("with other widths, tabs, bracket spacing and object wrapping", async () => {
    const home = fs.readFileSync(path.join(CONFIG_DIR, "pages/home.json"), "utf8");
    for (const extra of [
      { printWidth: 80 },
      { printWidth: 40, tabWidth: 4 },
      { useTabs: true },
      { bracketSpacing: false },
      { objectWrap: "collapse" as const },
    ])
      for (const layout of [home, JSON.stringify(JSON.parse(home))]) await expectPrettiers(layout, extra);
  });

  it.each([
    ["numbers it normalises", '{"a": [1.50, 1E+5, -0.0, 2e-07, 10.0, 1.0e0, 0.5E10, -3, 100]}'],
    ["a long array of numbers, filled", `{"figures": [${Array.from({ length: 60 }, (_, i) => i * 37).join(", ")}]}`],
    ["a blank line kept between entries", '{\n  "a": 1,\n\n  "b": [\n    1,\n\n    2\n  ],\n  "c": ["x",\n\n "y"]\n}'],
    ["blank lines between numbers", '{"a": [\n1,\n\n\n2, 3]}'],
    ["empty objects and arrays with space inside", '{"a": {  }, "b": [ \n ], "c": [{}, []]}'],
    ["a short object written expanded", '{"a": {\n"b": 1}, "c": {"d": 2}}'],
    ["arrays of objects and of arrays", '[{"a": 1, "b": 2}, {"a": 3, "b": 4}, [1, 2], [[1, 2], [3, 4]], [{"a": 1}]]'],
    ["strings and keys kept as written", '{"a\\u0062": "q\\"uote \\\\ \\/ \\u00e9", "é": "日本語のテキスト"}'],
    ["wide characters near the width", `{"label": "${"日本".repeat(54)}", "short": "${"x".repeat(100)}"}`],
    ["a line ending of CR LF", '{\r\n  "a": [1,\r\n\r\n 2],\r\n  "b": {"c": true, "d": null}\r\n}\r\n'],
    ["a bare value", '"text"'],
  ])("for %s", async (_, text) => {
    await expectPrettiers(text);
  });
});

describe("formatJson leaves to Prettier what it does not cover", () => {
  it.each([
    ["comments", '{"a": 1 // one\n}', {}],
    ["a trailing comma", '{"a": 1,}', {}],
    ["invalid JSON", '{"a": }', {}],
    ["package.json (Prettier's json-stringify)", '{"a": 1}', { filepath: path.join(ROOT, "package.json") }],
    ["another language", '{"a": 1}', { filepath: path.join(ROOT, "x.ts") }],
    ["an option it does not know", '{"a": 1}', { quoteProps: "consistent" as const }],
    ["another line ending", '{"a": 1}', { endOfLine: "crlf" as const }],
  ])("undefined for %s", (_, text, extra) => {
    expect(formatJson(text, { ...options(path.join(ROOT, "site-config/site.json")), ...extra })).toBeUndefined();
  });

  it("formatJsonFile formats those with Prettier", async () => {
    const file = path.join(ROOT, "site-config/site.json");
    const text = '{"a": 1, // one\n"b": [1,2]}';
    expect(await formatJsonFile(text, options(file))).toBe(await prettier.format(text, options(file)));
  });
});
