// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/**
 * The npm commands a shell script runs, in order, as they are typed, bare or timed as a step of the gate
 * (`step lint npm run lint`), or started beside the next (`beside docs npm run docs:check`); `npm ci` installs: it is
 * no check.
 */
const gateCommands = (script: string) =>
  script.split("\n").flatMap((line) => /^(?:(?:step|beside) \S+ )?(npm (?:test|run \S+))$/.exec(line)?.[1] ?? []);

/** The commands of the first table under a heading of a Markdown page, in the table's order. */
function tableCommands(page: string, heading: string): string[] {
  const start = page.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no heading '${heading}'`);
  const lines = page.slice(start + heading.length + 2).split("\n");
  const first = lines.findIndex((line) => line.startsWith("|"));
  const table = lines.slice(
    first,
    lines.findIndex((line, at) => at > first && !line.startsWith("|")),
  );
  return table.flatMap((line) => /^\| `(npm [^`]+)` +\|/.exec(line)?.[1] ?? []);
}

describe("the gate's order, stated once in docs/quality.md", () => {
  it("is the order in which .ci/run runs the commands, then the later tier's", () => {
    expect(tableCommands(read("docs/quality.md"), "### The gate's order")).toEqual([
      ...gateCommands(read(".ci/run")),
      "npm run test:whole",
    ]);
  });

  it("reads the commands of a script and of a table in their order", () => {
    expect(
      gateCommands(
        "set -e\nnpm ci --no-audit\nnpm run lint\n  # npm run x\nstep unit npm test\nbeside html npm run check:html\nnpm run budgets\n",
      ),
    ).toEqual(["npm run lint", "npm test", "npm run check:html", "npm run budgets"]);
    const page =
      "## A\n\n| `npm run x` | a |\n\n### The gate's order\n\n| `npm test` | b |\n| `npm run y` | c |\n\n| `npm run z` | d |\n";
    expect(tableCommands(page, "### The gate's order")).toEqual(["npm test", "npm run y"]);
  });

  it("is not stated again in the README or the other pages: they link to it", () => {
    for (const file of ["README.md", "docs/commands.md", "docs/ci.md"])
      expect(read(file), file).not.toMatch(/in this order|in the order above/);
  });
});
