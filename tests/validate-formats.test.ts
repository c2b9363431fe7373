// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, it } from "vitest";
import { configErrors, validateMessages } from "../contract/errors.ts";
import { readContentFiles } from "../contract/content.server.ts";
import { projectValidators } from "../contract/schemas.server.ts";
import { githubAnnotation } from "../scripts/content/report-formats.ts";
import type * as Sarif from "sarif";
import { type ValidateOutcome, runValidate } from "../scripts/content/validate-cli.ts";
import type { Problem } from "../toolchain/validate.ts";
import { catalogueErrorOf } from "./support/catalogue-error.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "validate-formats-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const validators = projectValidators();
const brokenLinkPage = fs.readFileSync(path.join(root, "tests/fixtures/broken-link/pages/fixture.json"), "utf8");

/**
 * A repository's content in a temporary folder: a copy of site-config/ with the given pages added (the public files
 * are read where they are).
 */
function fixtureRepository(name: string, pages: Record<string, string>) {
  const configDir = path.join(scratch, name, "site-config");
  fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
  for (const [file, text] of Object.entries(pages)) fs.writeFileSync(path.join(configDir, "pages", file), text);
  return { configDir, publicDir: path.join(root, "public"), validators };
}

const brokenLink = fixtureRepository("broken-link", { "fixture.json": brokenLinkPage });
/** 30 pages, each with one link to no page: 30 problems. */
const thirty = fixtureRepository(
  "thirty",
  Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => {
      const n = String(i + 1).padStart(2, "0");
      return [`fixture-${n}.json`, brokenLinkPage.replace('"/fixture"', `"/fixture-${n}"`)];
    }),
  ),
);
const valid = fixtureRepository("valid", {});
/** How many pages the content holds, each locale's translations too: the fixtures add theirs to a copy of it. */
const PAGES = ((content) => content.pages.length + content.locales.flatMap((locale) => locale.pages).length)(
  readContentFiles(valid.configDir),
);

const validate = (options: ReturnType<typeof fixtureRepository>, argv: string[], env: Record<string, string> = {}) =>
  runValidate({ argv, env, options });

/** The outcome with its timing made constant, so that it can be compared whole. */
const steady = (outcome: ValidateOutcome) => {
  const still = (text: string) => text.replace(/checked in \d+ ms/g, "checked in N ms");
  return { ...outcome, stdout: still(outcome.stdout), stderr: still(outcome.stderr) };
};

const BROKEN_LINK_ANNOTATION =
  "::error file=site-config/pages/fixture.json,line=13,col=11,endLine=13,endColumn=29,title=CFG016 Link to no page::" +
  "link '/contcat' points to no page — did you mean '/contact'?%0A" +
  "Fix the address; it must be the `path` of a page, or a file under public/.";

describe("npm run validate --format github", () => {
  it("annotates a broken link with exactly one ::error line at its line and columns", () => {
    const outcome = steady(validate(brokenLink, ["--format", "github"]));
    expect(outcome).toEqual({
      stdout: `${BROKEN_LINK_ANNOTATION}\n`,
      stderr: `✖ 1 problem in site-config/ (${PAGES + 1} pages checked in N ms)\n`,
      exitCode: 1,
    });
  });

  it("is chosen by itself on GitHub Actions, and an explicit --format wins", () => {
    expect(validate(brokenLink, [], { GITHUB_ACTIONS: "true" }).stdout).toBe(`${BROKEN_LINK_ANNOTATION}\n`);
    expect(steady(validate(brokenLink, ["--format", "text"], { GITHUB_ACTIONS: "true" })).stderr).toBe(
      "site-config/pages/fixture.json:13:11  /blocks/0/actions/0/href  CFG016 link '/contcat' points to no page — did you mean '/contact'?\n" +
        `\n✖ 1 problem in site-config/ (${PAGES + 1} pages checked in N ms)\n`,
    );
  });

  it("annotates 10 of 30 problems, says how many more there are, and lists all 30 in the job summary", () => {
    const summary = path.join(scratch, "summary.md");
    fs.writeFileSync(summary, "Earlier step's summary\n");
    const env = {
      GITHUB_ACTIONS: "true",
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "voxa/site",
      GITHUB_SHA: "0123abc",
    };
    const outcome = steady(validate(thirty, [], env));
    const stdout = outcome.stdout.trimEnd().split("\n");
    expect(stdout.filter((line) => line.startsWith("::error "))).toHaveLength(10);
    expect(stdout[0]).toBe(BROKEN_LINK_ANNOTATION.replace("fixture.json", "fixture-01.json"));
    expect(stdout).toHaveLength(11);
    expect(stdout[10]).toBe(
      "::notice title=VAL003 More problems than GitHub annotates::" +
        "20 more problems are not annotated: GitHub shows 10 error annotations per step — the job summary lists all 30",
    );
    // The 20 not annotated are in the log as text, then the count line.
    const stderr = outcome.stderr.trimEnd().split("\n");
    expect(stderr.slice(0, 20).map((line) => line.split(":")[0])).toEqual(
      Array.from({ length: 20 }, (_, i) => `site-config/pages/fixture-${i + 11}.json`),
    );
    expect(stderr.slice(20)).toEqual(["", `✖ 30 problems in site-config/ (${PAGES + 30} pages checked in N ms)`]);
    expect(outcome.exitCode).toBe(1);

    const written = fs.readFileSync(summary, "utf8").replace(/checked in \d+ ms/, "checked in N ms");
    expect(written.startsWith("Earlier step's summary\n### Content validation\n\n")).toBe(true);
    expect(written).toContain(`✖ 30 problems in site-config/ (${PAGES + 30} pages checked in N ms)`);
    const rows = written.split("\n").filter((line) => line.startsWith("| [site-config/"));
    expect(rows).toHaveLength(30);
    expect(rows[29]).toBe(
      "| [site-config/pages/fixture-30.json:13:11](https://github.com/voxa/site/blob/0123abc/site-config/pages/fixture-30.json#L13) " +
        "| `/blocks/0/actions/0/href` | CFG016 Link to no page | link '/contcat' points to no page — did you mean '/contact'? " +
        "| Fix the address; it must be the `path` of a page, or a file under public/. |",
    );
  });

  it("writes the success line to the log and the job summary when the content is valid", () => {
    const summary = path.join(scratch, "valid-summary.md");
    const outcome = steady(validate(valid, [], { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary }));
    expect(outcome).toEqual({
      stdout: `✔ site-config/ is valid: site.json and ${PAGES} pages checked in N ms\n`,
      stderr: "",
      exitCode: 0,
    });
    expect(fs.readFileSync(summary, "utf8").replace(/\d+ ms/, "N ms")).toBe(
      `### Content validation\n\n✔ site-config/ is valid: site.json and ${PAGES} pages checked in N ms\n`,
    );
  });

  it("leaves out the columns of a problem that spans several lines, as GitHub ignores them there", () => {
    const page = fs.readFileSync(path.join(root, "tests/fixtures/missing-call-to-action/pages/fixture.json"), "utf8");
    const repository = fixtureRepository("multi-line", { "fixture.json": page });
    expect(validate(repository, ["--format", "github"]).stdout).toBe(
      "::error file=site-config/pages/fixture.json,line=7,endLine=10,title=CFG021 Page does not end with the call to action::" +
        "the last block must be a 'call-to-action' block — every page ends with the shared call to action%0A" +
        'Move the blocks written after the call to action above it; a page without one ends its `blocks` with `{ "type": "call-to-action" }` or a shared section that ends with one.\n',
    );
  });

  it("escapes %, CR and LF in the message, and also ':' and ',' in the properties", () => {
    const problem: Problem = {
      file: "site-config/pages/a,b:c.json",
      line: 2,
      column: 3,
      endLine: 2,
      endColumn: 9,
      pointer: "/title",
      code: "CFG007",
      message: "100% done: yes, really\r\nnext line",
    };
    expect(githubAnnotation(problem)).toBe(
      "::error file=site-config/pages/a%2Cb%3Ac.json,line=2,col=3,endLine=2,endColumn=9,title=CFG007 Text too long::" +
        "100%25 done: yes, really%0D%0Anext line%0AShorten the text.",
    );
  });
});

describe("npm run validate --format sarif", () => {
  // The schema's language pattern has a stray ']' that a Unicode regular expression refuses; JSON Schema's patterns
  // are ECMA-262 ones without the u flag, which accept it. It is written for draft-07 and is not strict-mode clean.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  // The official SARIF 2.1.0 schema (draft-07 edition), from github.com/oasis-tcs/sarif-spec at commit
  // e0583813964ec43cea53b6b531b402866095ed1f, file sarif-2.1/prose/sarif-schema-2.1.0.json.
  const schema = JSON.parse(
    fs.readFileSync(path.join(root, "tests/fixtures/sarif-schema-2.1.0.json"), "utf8"),
  ) as object;
  const validSarif = ajv.compile(schema);

  it("is valid SARIF 2.1.0, with a rule per catalogue code and each problem at its region", () => {
    const outcome = validate(thirty, ["--format", "sarif"], {
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "voxa/site",
    });
    const log = JSON.parse(outcome.stdout) as Sarif.Log;
    expect(validSarif(log), ajv.errorsText(validSarif.errors)).toBe(true);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toMatch(
      new RegExp(`^✖ 30 problems in site-config/ \\(${PAGES + 30} pages checked in \\d+ ms\\)\n$`),
    );

    const [run] = log.runs;
    expect(run.tool.driver).toMatchObject({
      name: "voxa-site validate",
      version: "0.1.0",
      informationUri: "https://github.com/voxa/site/blob/HEAD/docs/ci.md",
    });
    const rules = run.tool.driver.rules ?? [];
    expect(rules.map((rule) => rule.id)).toEqual(Object.values(configErrors).map((entry) => entry.code));
    expect(rules.find((rule) => rule.id === "CFG016")).toEqual({
      id: "CFG016",
      name: "BrokenLink",
      shortDescription: { text: configErrors.brokenLink.title },
      fullDescription: { text: configErrors.brokenLink.hint },
      help: { text: configErrors.brokenLink.hint },
      defaultConfiguration: { level: "error" },
    });
    expect(run.results).toHaveLength(30);
    const first = run.results?.[0];
    expect(first).toMatchObject({
      ruleId: "CFG016",
      ruleIndex: rules.findIndex((rule) => rule.id === "CFG016"),
      level: "error",
      message: { text: "link '/contcat' points to no page — did you mean '/contact'?" },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: "site-config/pages/fixture-01.json", uriBaseId: "%SRCROOT%" },
            region: { startLine: 13, startColumn: 11, endLine: 13, endColumn: 29 },
          },
        },
      ],
      properties: { pointer: "/blocks/0/actions/0/href" },
    });
    const fingerprints = new Set(run.results?.map((result) => result.partialFingerprints?.["problemHash/v1"]));
    expect(fingerprints.size).toBe(30);
  });

  it("is valid SARIF with no result when the content is valid", () => {
    const outcome = validate(valid, ["--format", "sarif"]);
    const log = JSON.parse(outcome.stdout) as Sarif.Log;
    expect(validSarif(log), ajv.errorsText(validSarif.errors)).toBe(true);
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].tool.driver.informationUri).toBeUndefined();
    expect(outcome.exitCode).toBe(0);
  });
});

describe("npm run validate --format json", () => {
  it("prints one object per problem, of the shape docs/errors.md documents", () => {
    const docs = fs.readFileSync(path.join(root, "docs/errors.md"), "utf8");
    const example = /## The validator's JSON output[\s\S]*?```json\n([\s\S]*?)```/.exec(docs)?.[1] ?? "";
    const documented = JSON.parse(example) as Record<string, unknown>[];
    const outcome = validate(brokenLink, ["--format", "json"]);
    const printed = JSON.parse(outcome.stdout) as Record<string, unknown>[];
    // The documented example is the broken-link fixture's own output.
    expect(printed).toEqual(documented);
    const shape = (object: Record<string, unknown>) => Object.entries(object).map(([key, v]) => [key, typeof v]);
    for (const problem of JSON.parse(validate(thirty, ["--format", "json"]).stdout) as Record<string, unknown>[])
      expect(shape(problem)).toEqual(shape(documented[0]));
    expect(outcome.stderr).toMatch(
      new RegExp(`^✖ 1 problem in site-config/ \\(${PAGES + 1} pages checked in \\d+ ms\\)\n$`),
    );
  });

  it("prints an empty list when the content is valid", () => {
    expect(steady(validate(valid, ["--format", "json"]))).toEqual({
      stdout: "[]\n",
      stderr: `✔ site-config/ is valid: site.json and ${PAGES} pages checked in N ms\n`,
      exitCode: 0,
    });
  });
});

describe("npm run validate --format gitlab", () => {
  it("prints GitLab's code-quality report, one issue per problem with its own fingerprint", () => {
    const outcome = validate(brokenLink, ["--format", "gitlab"]);
    const issues = JSON.parse(outcome.stdout) as { fingerprint: string }[];
    expect(issues).toEqual([
      {
        description: "CFG016 link '/contcat' points to no page — did you mean '/contact'?",
        check_name: "CFG016",
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
        severity: "major",
        location: { path: "site-config/pages/fixture.json", lines: { begin: 13 } },
      },
    ]);
    const thirtyIssues = JSON.parse(validate(thirty, ["--format", "gitlab"]).stdout) as { fingerprint: string }[];
    expect(new Set(thirtyIssues.map((issue) => issue.fingerprint)).size).toBe(30);
    expect(outcome.exitCode).toBe(1);
  });
});

describe("npm run validate's arguments", () => {
  it("refuses an unknown format, naming the formats", () => {
    const error = catalogueErrorOf(() => validate(valid, ["--format", "xml"]));
    expect([error.code, error.message]).toEqual([
      validateMessages.unknownFormat.code,
      "unknown format 'xml' — use one of: text, json, github, sarif, gitlab",
    ]);
  });

  it("refuses an unknown option and a --format without its value, with the usage", () => {
    for (const [argv, reason] of [
      [["--fromat", "json"], "Unknown option '--fromat'"],
      [["--format"], "Option '--format <value>' argument missing"],
    ] as const) {
      const error = catalogueErrorOf(() => validate(valid, [...argv]));
      expect(error.code).toBe(validateMessages.badArguments.code);
      expect(error.message).toMatch(
        new RegExp(
          `^${reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*\nusage: npm run validate -- \\[--format text\\|json\\|github\\|sarif\\|gitlab\\] \\[--output <file>\\]$`,
        ),
      );
    }
  });

  it("sends a json, sarif or gitlab report to the --output file, and refuses --output for the terminal's formats", () => {
    const outcome = validate(valid, ["--format", "sarif", "--output", "validate.sarif"]);
    expect([outcome.output, JSON.parse(outcome.stdout).version]).toEqual(["validate.sarif", "2.1.0"]);
    for (const format of ["text", "github"]) {
      const error = catalogueErrorOf(() => validate(valid, ["--format", format, "--output", "out.txt"]));
      expect([error.code, error.message]).toEqual([
        validateMessages.outputWithoutReport.code,
        `--output writes the json, sarif and gitlab reports to a file; the ${format} format prints to the terminal`,
      ]);
    }
  });
});
