// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatCatalogueError } from "../contract/errors.ts";
import { COMMANDS_END, COMMANDS_START, commandProblems, withCommandTables } from "../scripts/docs/commands-doc.ts";
import { commandDescriptions } from "../scripts/docs/commands.ts";
import type { CommandDescription } from "../scripts/docs/commands.ts";

const root = path.resolve(import.meta.dirname, "..");

/** A package.json of its own: two scripts, one of them described. */
const fixture = {
  scripts: { validate: "tsx scripts/validate.ts", "report:weekly": "tsx scripts/weekly.ts" },
};
const described: Record<string, CommandDescription> = {
  validate: { section: "Content", description: "checks `site-config/` | its links" },
};

describe("docs/commands.md, generated from package.json and scripts/docs/commands.ts (npm run docs)", () => {
  it("refuses a script added to package.json without a line in scripts/docs/commands.ts", () => {
    expect(commandProblems(fixture.scripts, described).map(formatCatalogueError)).toEqual([
      "✖ GEN006 package.json's script 'report:weekly' has no line in scripts/docs/commands.ts, so docs/commands.md cannot list it\n" +
        "  Add the script to scripts/docs/commands.ts with its section and a one-line description, then run `npm run docs`.",
    ]);
  });

  it("refuses a description whose script is gone", () => {
    const problems = commandProblems({}, described).map(formatCatalogueError);
    expect(problems).toEqual([
      "✖ GEN007 scripts/docs/commands.ts describes 'validate', which is not a script of package.json\n" +
        "  Remove the line from scripts/docs/commands.ts, or rename it to the script's new name; then run `npm run docs`.",
    ]);
  });

  it("lists each script under its section, between the markers, the text around them kept", () => {
    const page = `# Commands\n\nBefore.\n\n${COMMANDS_START}\n\n| stale |\n\n${COMMANDS_END}\n\nAfter.\n`;
    const text = withCommandTables(
      page,
      { validate: "tsx scripts/validate.ts", test: "vitest run" },
      {
        ...described,
        test: { section: "Quality and benchmarks", description: "the unit tier" },
      },
    );
    expect(text).toBe(
      `# Commands\n\nBefore.\n\n${COMMANDS_START}\n\n` +
        "## Content\n\n| command | what it does |\n|---|---|\n| `npm run validate` | checks `site-config/` \\| its links |\n\n" +
        "## Quality and benchmarks\n\n| command | what it does |\n|---|---|\n| `npm test` | the unit tier |\n\n" +
        `${COMMANDS_END}\n\nAfter.\n`,
    );
  });

  it("adds the tables at the end of a page that lost its markers, so that `npm run docs:check` fails", () => {
    const text = withCommandTables("# Commands\n", { validate: "x" }, described);
    expect(text.startsWith(`# Commands\n\n${COMMANDS_START}\n\n## Content\n`)).toBe(true);
    expect(text.endsWith(`${COMMANDS_END}\n`)).toBe(true);
  });

  it("has a line for every script of the project's package.json, and no line for a script it lacks", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(commandProblems(scripts, commandDescriptions).map(formatCatalogueError)).toEqual([]);
  });
});
