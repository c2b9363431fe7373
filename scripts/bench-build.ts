/**
 * `npm run bench:build`: how validation and the build scale with the number of pages. For the site as is and with
 * about 230 and 1,000 pages (copies of its industry pages under new paths, in a temporary copy of site-config/ passed
 * through SITE_CONFIG_DIR), it times `validateConfig` and `react-router build` (without preview cards, rendering every
 * card, and with every card cached; per page in brackets); then it times the validation of 1,000 pages, which must
 * stay under 1 s (exit 1 otherwise). The builds go to a temporary folder inside the project (.cache/, ignored by git),
 * where the prerenderer resolves the project's packages as the real build does.
 *
 *   npm run bench:build                  # the site, ~230 and ~1,000 pages
 *   npm run bench:build -- 100 500       # about these page counts
 *   npm run bench:build -- --no-build    # validation only
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CONFIG_DIR, ROOT } from "../toolchain/paths.ts";
import { benchBuildErrors, benchBuildLines, catalogueError } from "../contract/errors.ts";
import { createValidators } from "../contract/schemas.server.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { print, printToStderr } from "../toolchain/print.ts";
import { validateConfig } from "../toolchain/validate.ts";

const VALIDATION_LIMIT_MS = 1000;
const INDUSTRY_DIR = path.join(CONFIG_DIR, "pages", "industries");

/** A copy of site-config/ with `extraPerIndustry` more copies of every industry page, kept out of the menus. */
function scaledConfig(extraPerIndustry: number): { dir: string; pages: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-bench-"));
  fs.cpSync(CONFIG_DIR, dir, { recursive: true });
  const industries = fs.readdirSync(INDUSTRY_DIR).filter((f) => f.endsWith(".json"));
  for (let n = 1; n <= extraPerIndustry; n++) {
    for (const file of industries) {
      const page = JSON.parse(fs.readFileSync(path.join(INDUSTRY_DIR, file), "utf8")) as {
        path: string;
        nav?: unknown;
        title: string;
      };
      page.path = `${page.path}-${n}`;
      page.title = `${page.title} (${n})`;
      // Hundreds of menu entries would measure the menu, not the page count.
      delete page.nav;
      fs.writeFileSync(
        path.join(dir, "pages", "industries", `${path.basename(file, ".json")}-${n}.json`),
        JSON.stringify(page, null, 2),
      );
    }
  }
  return { dir, pages: validateConfig({ configDir: dir }).pageCount };
}

/** Validation time in ms, schemas compiled once beforehand (as the dev server and the build plugin do). */
function timeValidation(dir: string): { ms: number; problems: number; compileMs: number } {
  const compileStart = performance.now();
  const validators = createValidators();
  const compileMs = performance.now() - compileStart;
  validateConfig({ configDir: dir, validators }); // warm-up: JIT and file cache
  const start = performance.now();
  const { problems } = validateConfig({ configDir: dir, validators });
  return { ms: performance.now() - start, problems: problems.length, compileMs };
}

/** Build time in ms; `env` sets the preview cards' switch and cache. */
function timeBuild(configDir: string, env: Record<string, string>): number {
  // Inside the project: the server bundle that prerenders imports the project's packages (@emotion/react…), which
  // Node resolves from the bundle's own folder up, so a build under the system's temporary folder cannot load them.
  fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(ROOT, ".cache", "bench-build-"));
  const start = performance.now();
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    env: { ...process.env, SITE_CONFIG_DIR: configDir, BUILD_DIR: buildDir, ...env },
    encoding: "utf8",
  });
  const ms = performance.now() - start;
  fs.rmSync(buildDir, { recursive: true, force: true });
  if (result.status !== 0)
    throw catalogueError(benchBuildErrors.buildFailed, {
      dir: configDir,
      output: (result.stderr || result.stdout).slice(-3000),
    });
  return ms;
}

/**
 * The build three ways: without preview cards; with every card rendered (an empty card cache, as on a fresh
 * checkout); and again with that cache, every page unchanged (as on the next build).
 */
function timeBuilds(configDir: string) {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-bench-cards-"));
  try {
    return {
      noCards: timeBuild(configDir, { PREVIEW_CARDS: "off" }),
      coldCards: timeBuild(configDir, { PREVIEW_CARDS_CACHE: cache }),
      warmCards: timeBuild(configDir, { PREVIEW_CARDS_CACHE: cache }),
    };
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const args = process.argv.slice(2);
const build = !args.includes("--no-build");
const targets = args.filter((a) => /^\d+$/.test(a)).map(Number);
const industryCount = fs.readdirSync(INDUSTRY_DIR).filter((f) => f.endsWith(".json")).length;
const sitePages = validateConfig().pageCount;
/** Copies of each industry page that bring the site to at least `pages` pages. */
const copiesFor = (pages: number) => Math.max(0, Math.ceil((pages - sitePages) / Math.max(industryCount, 1)));
const rows: string[][] = [];
const temporary: string[] = [];
/** Reported once the temporary copies are removed. */
let failure: unknown;
try {
  for (const target of targets.length ? targets : [sitePages, 230, 1000]) {
    const { dir, pages } = scaledConfig(copiesFor(target));
    temporary.push(dir);
    const validation = timeValidation(dir);
    if (validation.problems > 0)
      throw catalogueError(benchBuildErrors.configInvalid, { dir, problems: validation.problems });
    const times = build ? timeBuilds(dir) : undefined;
    const cell = (ms: number | undefined) => (ms === undefined ? "-" : `${seconds(ms)} (${Math.round(ms / pages)} ms)`);
    rows.push([
      pages === sitePages ? "as is" : `~${target}`,
      String(pages),
      `${Math.round(validation.ms)} ms`,
      cell(times?.noCards),
      cell(times?.coldCards),
      cell(times?.warmCards),
    ]);
    printToStderr(benchBuildLines.progress, { pages });
  }

  // 1,000 pages: the validation limit of the issue.
  const thousand = scaledConfig(copiesFor(1000));
  temporary.push(thousand.dir);
  const validation = timeValidation(thousand.dir);

  const header = ["site", "pages", "validation", "build, no cards", "build, cards rendered", "build, cards cached"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log([format(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(format)].join("\n"));
  console.log();
  print(benchBuildLines.compiled, { ms: Math.round(validation.compileMs) });
  const ms = Math.round(validation.ms);
  if (validation.ms >= VALIDATION_LIMIT_MS)
    throw catalogueError(benchBuildErrors.validationSlow, { pages: thousand.pages, ms, limit: VALIDATION_LIMIT_MS });
  print(benchBuildLines.validationFast, { pages: thousand.pages, ms, limit: VALIDATION_LIMIT_MS });
} catch (error) {
  failure = error;
} finally {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
}
if (failure !== undefined) exitOnError(failure);
