import { describe, expect, it } from "vitest";
import { formatCatalogueError } from "../contract/errors.ts";
import { projectSources } from "../scripts/lint/import-graph.ts";
import { ROOT } from "../toolchain/paths.ts";
import { literalPrints, printsChecked } from "../scripts/lint/printed-text.ts";

const problemsOf = (code: string) => literalPrints("scripts/leads.ts", code).map(formatCatalogueError);
const HINT =
  "  Declare the line in contract/errors.ts (a result or information entry) and print it with toolchain/print.ts.";

describe("the printed-lines check of npm run lint", () => {
  it("refuses a line written in place, with where it is and its text", () => {
    expect(
      problemsOf('const count = 2;\nconsole.error(`Exported ${count} lead(s).`);\nprocess.stdout.write("done\\n");\n'),
    ).toEqual([
      "✖ LINT003 scripts/leads.ts:2 prints text written in place, not from the catalogue: `Exported ${count} lead(s).`\n" +
        HINT,
      '✖ LINT003 scripts/leads.ts:3 prints text written in place, not from the catalogue: "done\\n"\n' + HINT,
    ]);
  });

  it("finds the words in any part of what is printed, and shortens a long text", () => {
    expect(
      problemsOf(
        'console.log(opened ? "Opened in your browser" : `Open it at ${url}, then edit the files in site-config/ directly; review them with git diff`);\n',
      ),
    ).toEqual([
      '✖ LINT003 scripts/leads.ts:1 prints text written in place, not from the catalogue: "Opened in your browser"\n' +
        HINT,
      "✖ LINT003 scripts/leads.ts:1 prints text written in place, not from the catalogue: `Open it at ${url}, then edit the files in site-config/ directly; revie…\n" +
        HINT,
    ]);
  });

  it("lets through catalogue messages, their parameters, blank lines, data and comparisons", () => {
    expect(
      problemsOf(
        [
          "print(leadsCliLines.exported, { count: 2 });",
          'console.log(formatNotice(scaffoldLines.pageCreated, { file: "x.json", template: "industry" }));',
          'console.error(); console.log(""); console.log(`\\n${table(rows)}\\n`);',
          "console.log(JSON.stringify(summary, null, 2));",
          'console.log(template === "industry" ? a : b);',
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("finds no line written in place in the commands (scripts/validate.ts prints its own formats)", () => {
    const checked = [...projectSources(ROOT)].filter(([module]) => printsChecked(module));
    expect(checked.map(([module]) => module)).toEqual(
      expect.arrayContaining(["scripts/leads.ts", "scripts/new-page.ts", "editor/main.ts", "server/main.ts"]),
    );
    expect(checked.map(([module]) => module)).not.toContain("scripts/validate.ts");
    expect(checked.flatMap(([module, code]) => literalPrints(module, code)).map(formatCatalogueError)).toEqual([]);
  });
});
