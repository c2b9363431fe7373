/**
 * `npm run bench:build`: how validation and the build scale with the number of pages. For the site as is and with
 * 10× and 100× its industry pages (copies under new paths, in a temporary copy of site-config/ passed through
 * SITE_CONFIG_DIR, built into a temporary BUILD_DIR), it times `validateConfig` and `react-router build` (without
 * preview cards, rendering every card, and with every card cached; per page in brackets); then it times the
 * validation of 1,000 pages, which must stay under 1 s (exit 1 otherwise).
 *
 *   npm run bench:build              # factors 1, 10, 100
 *   npm run bench:build -- 1 10      # chosen factors
 *   npm run bench:build -- --no-build  # validation only
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CONFIG_DIR, ROOT } from "./lib/paths.ts";
import { createValidators } from "../contract/schemas.server.ts";
import { validateConfig } from "./lib/validate.ts";

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

/**
 * Build time in ms. The build goes inside the project (.cache/), so that the prerender bundle resolves its
 * dependencies from node_modules; `env` sets the preview cards' switch and cache.
 */
function timeBuild(configDir: string, env: Record<string, string>): number {
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
    throw new Error(`Build of ${configDir} failed:\n${(result.stderr || result.stdout).slice(-3000)}`);
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
const factors = args.filter((a) => /^\d+$/.test(a)).map(Number);
const industryCount = fs.readdirSync(INDUSTRY_DIR).filter((f) => f.endsWith(".json")).length;
const rows: string[][] = [];
const temporary: string[] = [];
try {
  for (const factor of factors.length ? factors : [1, 10, 100]) {
    const { dir, pages } = scaledConfig(industryCount ? factor - 1 : 0);
    temporary.push(dir);
    const validation = timeValidation(dir);
    if (validation.problems > 0)
      throw new Error(`The generated config at ${dir} has ${validation.problems} validation problems`);
    const times = build ? timeBuilds(dir) : undefined;
    const cell = (ms: number | undefined) => (ms === undefined ? "-" : `${seconds(ms)} (${Math.round(ms / pages)} ms)`);
    rows.push([
      `${factor}×`,
      String(pages),
      `${Math.round(validation.ms)} ms`,
      cell(times?.noCards),
      cell(times?.coldCards),
      cell(times?.warmCards),
    ]);
    process.stderr.write(`  ${factor}×: ${pages} pages done\n`);
  }

  // 1,000 pages: the validation limit of the issue.
  const perIndustry = Math.ceil((1000 - validateConfig().pageCount) / Math.max(industryCount, 1));
  const thousand = scaledConfig(perIndustry);
  temporary.push(thousand.dir);
  const validation = timeValidation(thousand.dir);

  const header = ["site", "pages", "validation", "build, no cards", "build, cards rendered", "build, cards cached"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log([format(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(format)].join("\n"));
  console.log(`\nSchemas compiled once in ${Math.round(validation.compileMs)} ms (not included above).`);
  const ok = validation.ms < VALIDATION_LIMIT_MS;
  console.log(
    `${ok ? "✔" : "✖"} validation of ${thousand.pages} pages: ${Math.round(validation.ms)} ms (limit ${VALIDATION_LIMIT_MS} ms)`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
}
