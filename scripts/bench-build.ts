/**
 * `npm run bench:build`: how validation, the affected routes and the build scale with the number of routes
 * (docs/build.md). For the site as is and grown to about 1,000 and 10,000 routes (copies of its industry pages under
 * new paths, each also a route of the German locale, which shows it for want of a translation; fifty of them placing
 * a section of their own; in a temporary copy of site-config/ passed through SITE_CONFIG_DIR), it measures:
 * validation and `npm run affected`'s rules for a one-page change, in this process; then, each in a process of its
 * own, `npm run build` in full with every preview card rendered, in full again with the cards cached, and
 * incrementally after one page, after the section placed on a hundred routes, and after a menu entry (every route):
 * time, pages per second and the peak memory of the build's processes together. The builds go to a temporary folder
 * inside the project (.cache/, ignored by git), where the prerenderer resolves the project's packages as the real build
 * does. It fails only where a figure is more than twice its goal, and validation of 1,000 pages over 1 s.
 *
 *   npm run bench:build                  # the site, ~1,000 and ~10,000 routes
 *   npm run bench:build -- 300 2000      # about these route counts
 *   npm run bench:build -- --no-build    # validation and the affected routes only
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { benchBuildErrors, benchBuildLines, catalogueError } from "../contract/errors.ts";
import { createValidators } from "../contract/schemas.server.ts";
import { ROOT } from "../toolchain/paths.ts";
import { print, printToStderr } from "../toolchain/print.ts";
import { validateConfig } from "../toolchain/validate.ts";
import { affectedBetween } from "./pipeline/affected.ts";
import { contentTexts } from "./pipeline/build-state.ts";
import { benchmark } from "./measure/benchmark.ts";
import { SECTION_ID } from "./measure/scaled-site.ts";

const VALIDATION_LIMIT_MS = 1000;
/** The goals at 10,000 routes (issue 47), in ms and bytes; a figure past twice its goal fails the benchmark. */
const GOALS = { full: 60_000, page: 3_000, section: 10_000, validation: 2_000, affected: 2_000, memory: 1.5 * 2 ** 30 };
const GOAL_ROUTES = 10_000;
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

/** The affected routes' rules for a change of one page's text, in ms: what `npm run affected` and the build ask. */
function timeAffected(dir: string, page: string): number {
  const before = contentTexts(dir);
  const file = `site-config/${path.relative(dir, page).split(path.sep).join("/")}`;
  const after = new Map(before).set(file, before.get(file)!.replace('"title": "', '"title": "Changed '));
  const code = { before: () => undefined, after: () => undefined, containing: () => [] };
  const start = performance.now();
  affectedBetween(before, after, [{ status: "M", file }], code, () => true);
  return performance.now() - start;
}

/** The resident memory of a process and its descendants, in bytes, from /proc (0 where /proc is not Linux's). */
function treeMemory(pid: number): number {
  try {
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
    return rss + children.reduce((sum, child) => sum + treeMemory(child), 0);
  } catch {
    return 0;
  }
}

interface Run {
  ms: number;
  memory: number;
  /** The pages the build rendered again, from its line; every route for a full build. */
  rendered?: number;
}

/** `npm run build`'s command on `configDir` into `buildDir`, with the peak memory of its processes together. */
function timeBuild(configDir: string, buildDir: string, env: Record<string, string>, args: string[] = []) {
  return new Promise<Run>((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/build.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", SITE_CONFIG_DIR: configDir, BUILD_DIR: buildDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let memory = 0;
    const sampler = setInterval(() => (memory = Math.max(memory, treeMemory(child.pid!))), 100);
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => {
      clearInterval(sampler);
      const ms = performance.now() - start;
      if (code !== 0)
        return reject(catalogueError(benchBuildErrors.buildFailed, { dir: configDir, output: output.slice(-3000) }));
      const rendered = /rendered (\d+) of/.exec(output)?.[1];
      resolve({ ms, memory, ...(rendered ? { rendered: Number(rendered) } : {}) });
    });
  });
}

/** Changes a file of the copy in place: the incremental build's input. */
const edit = (file: string, change: (text: string) => string) =>
  fs.writeFileSync(file, change(fs.readFileSync(file, "utf8")));

/** The five builds of one size: cold, full with cached cards, and incremental after a page, the section and the menu. */
async function timeBuilds(dir: string, onePage: string | undefined) {
  fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(ROOT, ".cache", "bench-build-"));
  const cards = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-bench-cards-"));
  const env = { PREVIEW_CARDS_CACHE: cards };
  try {
    const cold = await timeBuild(dir, buildDir, env, ["--full"]);
    const full = await timeBuild(dir, buildDir, env, ["--full"]);
    edit(onePage ?? path.join(dir, "pages", "contact.json"), (text) => text.replace('"title": "', '"title": "New: '));
    const page = await timeBuild(dir, buildDir, env);
    edit(path.join(dir, "sections", `${SECTION_ID}.json`), (text) => text.replace("four weeks", "three weeks"));
    const section = await timeBuild(dir, buildDir, env);
    edit(path.join(dir, "site.json"), (text) => text.replace(/"label": "([^"]+)"/, '"label": "$1 "'));
    const navigation = await timeBuild(dir, buildDir, env);
    return { cold, full, page, section, navigation };
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(cards, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (pages: number, ms: number) => `${Math.round(pages / (ms / 1000))}/s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

const build = !process.argv.includes("--no-build");

await benchmark(async ({ siteRoutes, targets, label, site, goal, table }) => {
  const rows: string[][] = [];
  for (const target of targets([siteRoutes, 1000, GOAL_ROUTES])) {
    const { dir, routes, onePage } = site(target);
    const validation = timeValidation(dir);
    if (validation.problems > 0)
      throw catalogueError(benchBuildErrors.configInvalid, { dir, problems: validation.problems });
    const affected = onePage ? timeAffected(dir, onePage) : undefined;
    const times = build ? await timeBuilds(dir, onePage) : undefined;
    const cell = (run: Run | undefined) =>
      run ? `${seconds(run.ms)} (${perSecond(run.rendered ?? routes, run.ms)})` : "-";
    const runs = times ? Object.values(times) : [];
    const memory = runs.length ? Math.max(...runs.map((run) => run.memory)) : undefined;
    rows.push([
      label(target),
      String(routes),
      `${Math.round(validation.ms)} ms`,
      affected === undefined ? "-" : `${Math.round(affected)} ms`,
      cell(times?.cold),
      cell(times?.full),
      times ? seconds(times.page.ms) : "-",
      times ? `${seconds(times.section.ms)} (${times.section.rendered ?? "?"})` : "-",
      cell(times?.navigation),
      memory === undefined ? "-" : megabytes(memory),
    ]);
    if (routes >= GOAL_ROUTES) {
      goal("validation ms", validation.ms, GOALS.validation);
      goal("affected ms", affected, GOALS.affected);
      goal("full build ms", times?.full.ms, GOALS.full);
      goal("one page ms", times?.page.ms, GOALS.page);
      goal("one section ms", times?.section.ms, GOALS.section);
      goal("peak memory bytes", memory, GOALS.memory);
    }
    printToStderr(benchBuildLines.progress, { pages: routes });
  }

  // 1,000 pages: the validation limit of the first benchmark.
  const thousand = site(2000);
  const validation = timeValidation(thousand.dir);

  table(
    [
      "site",
      "routes",
      "validation",
      "affected",
      "full, cards rendered",
      "full, cards cached",
      "one page",
      "one section (pages)",
      "menu (every page)",
      "peak memory",
    ],
    rows,
  );
  print(benchBuildLines.compiled, { ms: Math.round(validation.compileMs) });
  const pages = validateConfig({ configDir: thousand.dir }).pageCount;
  const ms = Math.round(validation.ms);
  if (validation.ms >= VALIDATION_LIMIT_MS)
    throw catalogueError(benchBuildErrors.validationSlow, { pages, ms, limit: VALIDATION_LIMIT_MS });
  print(benchBuildLines.validationFast, { pages, ms, limit: VALIDATION_LIMIT_MS });
});
