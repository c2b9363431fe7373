// @vitest-environment node
/**
 * `npm run translations` on a small site in real git: English pages, German translations beside them in
 * site-config/locales/de-DE/pages/, and French declared but not translated. A change of the English page, committed
 * or not, makes its German page outdated; the report comes in each of the formats CI reads.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import type * as Sarif from "sarif";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageOf, translationMessages } from "../contract/errors.ts";
import type { SchemaFiles } from "../contract/schema-tree.ts";
import { readSchemas } from "../contract/schemas.server.ts";
import { ROOT } from "../toolchain/paths.ts";
import { formatTranslations, translationsArguments } from "../scripts/content/translations-cli.ts";
import { translationStatus } from "../toolchain/translations/status.ts";
import { catalogueErrorOf } from "./support/catalogue-error.ts";

const top = fs.mkdtempSync(path.join(os.tmpdir(), "translation-status-"));
afterAll(() => fs.rmSync(top, { recursive: true, force: true }));
const repo = path.join(top, "site");
fs.mkdirSync(repo);

let clock = Date.parse("2026-11-02T09:00:00Z") / 1000;
/** Git in the fixture, each commit a day after the one before, so that dates in the report are known. */
const git = (...args: string[]) => {
  if (args[0] === "commit") clock += 86_400;
  const date = `@${clock} +0000`;
  return execFileSync("git", args, {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_NOSYSTEM: "1" },
  }).trim();
};
const write = (file: string, content: unknown) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), `${JSON.stringify(content, null, 2)}\n`);
};
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(repo, file), "utf8")) as Record<string, unknown>;
const edit = (file: string, change: (doc: { blocks: Record<string, unknown>[] } & Record<string, unknown>) => void) => {
  const doc = read(file) as { blocks: Record<string, unknown>[] } & Record<string, unknown>;
  change(doc);
  write(file, doc);
};

const HOME = "site-config/pages/home.json";
const PET = "site-config/pages/industries/pet.json";
const DE_HOME = "site-config/locales/de-DE/pages/home.json";
const DE_PET = "site-config/locales/de-DE/pages/industries/pet.json";
const blocks = [
  { type: "hero", label: "Hero" },
  { type: "industry-hero", label: "Industry hero" },
  { type: "call-to-action", label: "Call to action" },
];
/** The project's schemas: they say which of a page's fields are words to translate. */
const schemas = Object.fromEntries(readSchemas(ROOT).map(({ name, schema }) => [name, schema])) as SchemaFiles;
const site = (locales: unknown[]) => ({
  brand: { name: "Voxa" },
  locales: { default: "en-GB", list: [{ code: "en-GB", name: "English", dir: "ltr" }, ...locales] },
});
const GERMAN = { code: "de-DE", name: "Deutsch", prefix: "de", dir: "ltr", missing: "fallback", fallback: "en-GB" };
const FRENCH = { code: "fr-FR", name: "Français", prefix: "fr", dir: "ltr", missing: "unpublished" };

let base = "";
beforeAll(() => {
  git("init", "-q", "-b", "main");
  git("config", "user.email", "translations@voxa.example");
  git("config", "user.name", "Translation test");
  write("site-config/site.json", site([GERMAN]));
  write(HOME, { path: "/", title: "Voxa", blocks: [{ type: "hero", heading: "Answer every call" }] });
  write(PET, { path: "/industries/pet", title: "Pet", blocks: [{ type: "industry-hero", heading: "Calm claims" }] });
  write("site-config/pages/about.json", { path: "/about", title: "About", blocks: [] });
  git("add", "-A");
  git("commit", "-q", "-m", "The English site");
  write(DE_HOME, {
    translationOf: "/",
    path: "/de",
    title: "Voxa",
    blocks: [{ type: "hero", heading: "Jeden Anruf annehmen" }],
  });
  write(DE_PET, {
    translationOf: "/industries/pet",
    path: "/de/branchen/haustier",
    title: "Haustier",
    blocks: [{ type: "industry-hero", heading: "Ruhige Schadenbearbeitung" }],
  });
  git("add", "-A");
  git("commit", "-q", "-m", "German home and pet pages");
  base = git("rev-parse", "HEAD");
});

beforeEach(() => {
  git("checkout", "-q", "-f", "-B", "main", base);
  git("clean", "-q", "-fd");
});

const status = (locale?: string) => translationStatus({ cwd: repo, blocks, schemas, ...(locale ? { locale } : {}) });
const states = () => status().translations.map((t) => `${t.locale} ${t.source.path} ${t.state}`);
const short = (ref: string) => git("rev-parse", "--short", ref);

describe("the translation status", () => {
  it("before the English page changes: the German translations are up to date and the untranslated page missing", () => {
    expect(states()).toEqual(["de-DE /about missing", "de-DE / up-to-date", "de-DE /industries/pet up-to-date"]);
    const [about, home] = status().translations;
    expect(about!.translation.file).toBe("site-config/locales/de-DE/pages/about.json");
    expect(home!.translation).toMatchObject({
      file: DE_HOME,
      path: "/de",
      line: 2,
      lastCommit: { commit: short("HEAD"), date: "2026-11-04" },
    });
    expect(status().locales).toEqual([
      {
        code: "de-DE",
        name: "Deutsch",
        prefix: "de",
        whenMissing: { missing: "fallback", fallback: "en-GB" },
        pages: 3,
        upToDate: 2,
        outdated: 0,
        missing: 1,
      },
    ]);
  });

  it("after an English heading change is committed, the German page is outdated, naming the field and the commit", () => {
    const translated = short("HEAD");
    edit(HOME, (doc) => (doc.blocks[0]!.heading = "Answer every call, day and night"));
    git("commit", "-q", "-am", "A longer heading");
    expect(states()).toEqual(["de-DE /about missing", "de-DE / outdated", "de-DE /industries/pet up-to-date"]);
    const home = status().translations[1]!;
    expect(home.changed).toEqual(["Hero › Heading"]);
    expect(home.sourceCommits).toEqual([
      { commit: short("HEAD"), date: expect.any(String), subject: "A longer heading" },
    ]);
    expect(home.sourceUncommitted).toBe(false);
    expect(home.translation.lastCommit!.commit).toBe(translated);
  });

  it("counts the source's uncommitted changes, and names every field changed once", () => {
    edit(PET, (doc) => {
      doc.title = "Pet insurance";
      doc.blocks.push({ type: "hero", heading: "More" });
    });
    const pet = status().translations.find((t) => t.source.path === "/industries/pet")!;
    expect(pet.state).toBe("outdated");
    expect(pet.changed).toEqual(["Title", "Hero"]);
    expect(pet.sourceUncommitted).toBe(true);
    expect(pet.sourceCommits).toEqual([]);
  });

  it("is up to date again once the translation is committed after the change", () => {
    edit(HOME, (doc) => (doc.blocks[0]!.heading = "Answer every call, day and night"));
    git("commit", "-q", "-am", "A longer heading");
    edit(DE_HOME, (doc) => (doc.blocks[0]!.heading = "Jeden Anruf annehmen, Tag und Nacht"));
    expect(status().translations[1]!.state).toBe("outdated");
    git("commit", "-q", "-am", "German heading brought up to date");
    expect(status().translations[1]!.state).toBe("up-to-date");
  });

  it("counts only words: a link, a closing block become the shared section's reference, leave nothing to translate", () => {
    edit(PET, (doc) => {
      doc.blocks[0]!.actions = [{ label: "Book", href: "/contact" }];
      doc.blocks.push({ type: "call-to-action" });
    });
    git("commit", "-q", "-am", "An action and a closing call to action");
    edit(DE_PET, (doc) => {
      doc.blocks[0]!.actions = [{ label: "Buchen", href: "/de/kontakt" }];
      doc.blocks.push({ type: "call-to-action" });
    });
    git("commit", "-q", "-am", "The German action and closing call to action");
    edit(PET, (doc) => {
      doc.blocks.splice(-1, 1, { type: "section", section: "closing" });
      doc.blocks[0]!.actions = [{ label: "Book", href: "/free-pilot" }];
    });
    edit(HOME, (doc) => (doc.blocks[0]!.actions = [{ label: "Book", href: "/contact" }]));
    expect(states()).toEqual(["de-DE /about missing", "de-DE / outdated", "de-DE /industries/pet up-to-date"]);
    // The home page's new action has a label to translate; its link alone would not.
    expect(status().translations[1]!.changed).toEqual(["Hero › Actions"]);
  });

  it("names a block of a type the page has several of by its heading, a shared section by its id", () => {
    edit(HOME, (doc) => {
      doc.blocks.push({ type: "hero", heading: "Claims, calmly" });
      doc.blocks.push({ type: "section", section: "demo", overrides: { heading: "See it work" } });
    });
    expect(status().translations[1]!.changed).toEqual(["Hero “Claims, calmly”", "Shared section “demo”"]);
  });

  it("takes a change of formatting alone, with the same fields, for no change", () => {
    fs.writeFileSync(path.join(repo, HOME), JSON.stringify(read(HOME)));
    git("commit", "-q", "-am", "Minified");
    expect(status().translations[1]!.state).toBe("up-to-date");
  });

  it("counts a translation not committed yet as written from the source as it is", () => {
    write("site-config/locales/de-DE/pages/about.json", { translationOf: "/about", path: "/de/ueber-uns", blocks: [] });
    expect(states()[0]).toBe("de-DE /about up-to-date");
  });

  it("finds a translation by its key when its file has another name", () => {
    git("mv", DE_PET, "site-config/locales/de-DE/pages/industries/haustier.json");
    git("commit", "-q", "-m", "Renamed");
    const pet = status().translations.find((t) => t.source.path === "/industries/pet")!;
    expect(pet).toMatchObject({ state: "up-to-date", translation: { path: "/de/branchen/haustier" } });
  });

  it("reports every locale besides the default one, or the one asked; TR006 for a locale not declared", () => {
    write("site-config/site.json", site([GERMAN, FRENCH]));
    expect(status().locales.map((l) => `${l.code} ${l.missing}`)).toEqual(["de-DE 1", "fr-FR 3"]);
    expect(status("fr-FR").translations.map((t) => t.locale)).toEqual(["fr-FR", "fr-FR", "fr-FR"]);
    const error = catalogueErrorOf(() => status("es-ES"));
    expect(error.code).toBe("TR006");
    expect(error.message).toBe("'es-ES' is not a locale to translate into — site.json's are: de-DE, fr-FR");
    expect(catalogueErrorOf(() => status("en-GB")).code).toBe("TR006");
  });

  it("reports nothing when site.json declares no locale besides the default", () => {
    write("site-config/site.json", { brand: { name: "Voxa" } });
    expect(status()).toEqual({ defaultLocale: "en-GB", locales: [], translations: [] });
  });

  it("refuses a shallow clone, whose history cannot say when a translation was last updated (TR007)", () => {
    const clone = path.join(top, "shallow");
    execFileSync("git", ["clone", "-q", "--depth", "1", `file://${repo}`, clone]);
    const error = catalogueErrorOf(() => translationStatus({ cwd: clone, blocks, schemas }));
    expect(error.code).toBe("TR007");
    expect(error.message).toBe(
      "the git history is shallow: a translation's last commit and the source's changes after it cannot be read",
    );
  });
});

describe("npm run translations: its formats", () => {
  /** The fixture with the English heading changed and committed: one outdated, one missing, one up to date. */
  const changed = () => {
    edit(HOME, (doc) => (doc.blocks[0]!.heading = "Answer every call, day and night"));
    git("commit", "-q", "-am", "A longer heading");
    return status();
  };
  const format = (argv: string[], env: Record<string, string> = {}) =>
    formatTranslations(changed(), translationsArguments(argv, env), env);
  const outdatedMessage = () =>
    messageOf(translationMessages.outdated, {
      locale: "de-DE",
      source: "/",
      sourceFile: HOME,
      commit: short("HEAD~1"),
      date: "2026-11-04",
      fields: ["Hero › Heading"],
    });
  const missingMessage =
    "/about has no de-DE translation (site-config/locales/de-DE/pages/about.json): de-DE visitors are shown the en-GB page, not indexed";

  it("text: each locale, its outdated translations and missing pages at their lines, then what is up to date", () => {
    const { stdout, stderr } = format([]);
    expect(outdatedMessage()).toBe(
      `the de-DE translation of / is outdated: ${HOME} changed since the translation was last updated (${short("HEAD~1")}, 2026-11-04) — Hero › Heading`,
    );
    expect(stdout.split("\n")).toEqual([
      "de-DE Deutsch (under /de): 3 pages — 1 up to date, 1 outdated, 1 missing; a page not translated is shown from en-GB",
      `  ${DE_HOME}:2:3  TR001 ${outdatedMessage()}`,
      `  site-config/pages/about.json:2:3  TR002 ${missingMessage}`,
      `  ✔ /industries/pet → /de/branchen/haustier: up to date (${DE_PET})`,
      "",
      "1 translation outdated, 1 missing",
      `  TR001: ${translationMessages.outdated.hint}`,
      `  TR002: ${translationMessages.missing.hint}`,
      "",
    ]);
    expect(stderr).toBe("");
  });

  it("text: a locale that publishes no page without a translation says so", () => {
    write("site-config/site.json", site([FRENCH]));
    git("commit", "-q", "-am", "French instead of German");
    const { stdout } = formatTranslations(status(), translationsArguments([], {}), {});
    expect(stdout).toContain(
      "/about has no fr-FR translation (site-config/locales/fr-FR/pages/about.json): the page is not published in fr-FR",
    );
    expect(stdout).toContain(
      "fr-FR Français (under /fr): 3 pages — 0 up to date, 0 outdated, 3 missing; a page not translated is not published",
    );
  });

  it("text: a locale that leaves `missing` out publishes no page without a translation, and says so", () => {
    const { missing: _missing, ...unsaid } = FRENCH;
    write("site-config/site.json", site([unsaid]));
    git("commit", "-q", "-am", "French, its missing pages left unsaid");
    const { stdout } = formatTranslations(status(), translationsArguments([], {}), {});
    expect(stdout).toContain(
      "fr-FR Français (under /fr): 3 pages — 0 up to date, 0 outdated, 3 missing; a page not translated is not published",
    );
    expect(stdout).not.toContain("shown from");
  });

  it("text: every translation up to date, or no locale at all", () => {
    write("site-config/locales/de-DE/pages/about.json", { translationOf: "/about", path: "/de/ueber-uns", blocks: [] });
    expect(formatTranslations(status(), translationsArguments([], {}), {}).stdout).toContain(
      "✔ 3 translations in 1 locale, none outdated or missing",
    );
    write("site-config/site.json", { brand: { name: "Voxa" } });
    expect(formatTranslations(status(), translationsArguments([], {}), {}).stdout).toBe(
      "site-config/site.json declares no locale besides the default one: there is nothing to translate\n",
    );
  });

  it("json: the whole report on standard output, the count line on standard error", () => {
    const { stdout, stderr } = format(["--format", "json"]);
    const report = JSON.parse(stdout) as ReturnType<typeof status>;
    expect(report.defaultLocale).toBe("en-GB");
    expect(report.translations[1]).toMatchObject({
      locale: "de-DE",
      state: "outdated",
      source: { file: HOME, path: "/", line: 2 },
      translation: { file: DE_HOME, path: "/de", line: 2, column: 3 },
      changed: ["Hero › Heading"],
      sourceCommits: [{ subject: "A longer heading" }],
    });
    expect(stderr).toBe("1 translation outdated, 1 missing\n");
  });

  it("github: a warning on the outdated translation's line and a notice on the missing page's, with the fix", () => {
    const summary = path.join(top, "summary.md");
    const { stdout } = format(["--format", "github"], { GITHUB_STEP_SUMMARY: summary });
    const escape = (text: string) => text.replace(/%/g, "%25").replace(/\n/g, "%0A");
    expect(stdout.split("\n")).toEqual([
      `::warning file=${DE_HOME},line=2,col=3,endColumn=24,title=TR001 Translation outdated::${escape(`${outdatedMessage()}\n${translationMessages.outdated.hint}`)}`,
      `::notice file=site-config/pages/about.json,line=2,col=3,endColumn=20,title=TR002 Translation missing::${escape(`${missingMessage}\n${translationMessages.missing.hint}`)}`,
      "1 translation outdated, 1 missing",
      "",
    ]);
    const table = fs.readFileSync(summary, "utf8");
    expect(table).toContain("### Translation status");
    expect(table).toContain(`| ${DE_HOME}:2:3 | TR001 Translation outdated |`);
  });

  it("github: ten notices at most, as GitHub shows no more per step; the others in the log", () => {
    for (let i = 1; i <= 11; i++)
      write(`site-config/pages/extra-${String(i).padStart(2, "0")}.json`, { path: `/extra-${i}` });
    const { stdout, stderr } = format(["--format", "github"]);
    const commands = stdout.split("\n").filter((line) => line.startsWith("::"));
    expect(commands.filter((line) => line.startsWith("::warning"))).toHaveLength(1);
    expect(commands.filter((line) => line.startsWith("::notice"))).toHaveLength(10);
    expect(stderr.split("\n")).toEqual([
      "site-config/pages/extra-10.json:2:3  TR002 /extra-10 has no de-DE translation (site-config/locales/de-DE/pages/extra-10.json): de-DE visitors are shown the en-GB page, not indexed",
      "site-config/pages/extra-11.json:2:3  TR002 /extra-11 has no de-DE translation (site-config/locales/de-DE/pages/extra-11.json): de-DE visitors are shown the en-GB page, not indexed",
      "",
    ]);
  });

  it("github is the default on GitHub Actions", () => {
    expect(translationsArguments([], { GITHUB_ACTIONS: "true" }).format).toBe("github");
  });

  it("sarif: a warning and a note, each at its file and line, with the two rules, valid SARIF 2.1.0", () => {
    const log = JSON.parse(format(["--format", "sarif"]).stdout) as Sarif.Log;
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    // The official schema the validator's SARIF is checked against too (docs/ci.md, "sarif").
    const schema = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "fixtures/sarif-schema-2.1.0.json"), "utf8"),
    ) as object;
    const valid = ajv.compile(schema);
    expect(valid(log), JSON.stringify(valid.errors)).toBe(true);
    const run = log.runs[0]!;
    expect(run.tool.driver.rules!.map((rule) => `${rule.id} ${rule.defaultConfiguration!.level}`)).toEqual([
      "TR001 warning",
      "TR002 note",
    ]);
    expect(
      run.results!.map((r) => [
        r.ruleId,
        r.level,
        r.locations![0]!.physicalLocation!.artifactLocation!.uri,
        r.locations![0]!.physicalLocation!.region!.startLine,
      ]),
    ).toEqual([
      ["TR001", "warning", DE_HOME, 2],
      ["TR002", "note", "site-config/pages/about.json", 2],
    ]);
    expect(run.results![0]!.message.text).toBe(outdatedMessage());
  });

  it("gitlab: a minor issue for the outdated translation, an info one for the missing page", () => {
    const issues = JSON.parse(format(["--format", "gitlab"]).stdout) as { severity: string; location: unknown }[];
    expect(issues.map((i) => [i.severity, i.location])).toEqual([
      ["minor", { path: DE_HOME, lines: { begin: 2 } }],
      ["info", { path: "site-config/pages/about.json", lines: { begin: 2 } }],
    ]);
  });

  it("--output names the file a report is written to", () => {
    expect(format(["--format", "json", "--output", "status.json"]).output).toBe("status.json");
  });

  it("refuses what it does not understand, with the usage (TR003, TR004, TR005)", () => {
    const refusal = (argv: string[]) => catalogueErrorOf(() => translationsArguments(argv, {}));
    expect(refusal(["--verbose"]).message).toBe(
      "Unknown option '--verbose'\nusage: npm run translations -- [--locale <code>] [--format text|json|github|sarif|gitlab] [--output <file>]",
    );
    expect(refusal(["--format", "xml"]).message).toBe(
      "unknown format 'xml' — use one of: text, json, github, sarif, gitlab",
    );
    expect(refusal(["--output", "x.txt"]).message).toBe(
      "--output writes the json, sarif and gitlab reports to a file; the text format prints to the terminal",
    );
  });
});
