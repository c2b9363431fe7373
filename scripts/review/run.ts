/**
 * `npm run review`, as a library: validates the head, builds the base and the head, shoots the affected routes and two
 * control routes on both, diffs them, runs axe and the page budgets on the head, and writes the report. Everything it
 * finds is returned; the command prints it (scripts/review.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Browser } from "playwright-core";
import {
  type AnyEntry,
  type ArgsOf,
  type CatalogueError,
  catalogueError,
  reviewErrors,
} from "../../contract/errors.ts";
import { type Content, loadContent } from "../../contract/content.server.ts";
import { localeNotFoundPaths } from "../../contract/locales.ts";
import { measure } from "../measure/budgets.ts";
import { type Affected, NOT_FOUND_ROUTE, type RouteStatus, affectedRoutes } from "../pipeline/affected.ts";
import { buildIsFresh } from "../pipeline/build-fresh.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { formatProblem, validateConfig } from "../../toolchain/validate.ts";
import { baseBuild, buildCheckout, renderContent, rendersWithBaseCode } from "./builds.ts";
import { routeFeatures, sampleRoutes } from "./sample.ts";
import { type Box, diffImages } from "./diff.ts";
import { type ServedBuild, serveBuild } from "./serve-build.ts";
import { WIDTHS, type Width, launchBrowser, shoot } from "./shoot.ts";

export interface ReviewOptions {
  base: string;
  /** Include uncommitted changes in the head (default true); without, the head is HEAD, built like the base. */
  workingTree?: boolean;
  /** Where the report goes (default: review/ in the project). */
  outDir?: string;
  /** The project (default: this one). */
  root?: string;
  /**
   * Shoot every affected route; without, a status (changed, added, gone) of more than SAMPLE_ABOVE routes is shot by a
   * sample showing each block type in each locale (scripts/review/sample.ts), the others loaded and measured.
   */
  allRoutes?: boolean;
  /** Called as each step ends, for the command to print. */
  onStep?: (step: string, ms: number) => void;
}

export interface WidthShot {
  width: Width;
  /** Paths of the images, relative to the report's folder. */
  before?: string;
  after?: string;
  diff?: string;
  changed?: number;
  total?: number;
  /** The size of the diff image (the larger of the two screenshots). */
  image?: { width: number; height: number };
  /** Where the changed pixels are in it; undefined when none changed. */
  box?: Box;
}

export interface RouteReview {
  route: string;
  status: RouteStatus;
  reasons: string[];
  /** A route outside the change, shot to check that screenshots are stable. */
  control: boolean;
  /** Left out of the sample of a change reaching many routes: loaded and measured, not shot. */
  outOfSample?: true;
  shots: WidthShot[];
}

export interface ReviewProblem {
  code: string;
  /** The line the command prints (and the report shows). */
  text: string;
  route?: string;
}

export interface ReviewResult {
  affected: Affected;
  routes: RouteReview[];
  problems: ReviewProblem[];
  timings: { step: string; ms: number }[];
  /** Pages the head's HTML and JavaScript budgets were measured on. */
  budgets: { route: string; htmlGzip: number; jsGzip: number }[];
  outDir: string;
  /** The base's build: its folder, and whether it came from the cache. */
  baseBuild?: { dir: string; cached: boolean };
  /**
   * How the head was built: in full, found built and fresh, or its content rendered with the base's code (a change to
   * site-config/ alone, naming the same icons).
   */
  headBuild?: "full" | "fresh" | "content";
  startedAt: string;
  totalMs: number;
}

/** How many pages are shot at once. */
const SHOT_LANES = 2;

/**
 * The screenshots of a base's pages, kept beside its cached build (baseBuildDir) by the browser's version and the
 * width: the next review on the same base copies them instead of loading the page again.
 */
function baseShots(baseDir: string, browserVersion: string) {
  const dir = path.join(baseDir, "shots", browserVersion.replace(/[^\w.-]/g, "_"));
  const fileOf = (route: string, width: number) => path.join(dir, `${slug(route)}-${width}.png`);
  return {
    copy(route: string, width: number, into: string): boolean {
      if (!fs.existsSync(fileOf(route, width))) return false;
      fs.copyFileSync(fileOf(route, width), into);
      return true;
    },
    keep(route: string, width: number, from: string) {
      fs.mkdirSync(dir, { recursive: true });
      fs.copyFileSync(from, `${fileOf(route, width)}.partial`);
      fs.renameSync(`${fileOf(route, width)}.partial`, fileOf(route, width));
    },
  };
}

/** Runs `work` on every item, `lanes` at a time, and resolves with the results in the items' order. */
async function inLanes<T, R>(lanes: number, items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return results;
}

/** How many routes out of the sample are requested at once: each is a file read by the local server. */
const LOAD_LANES = 8;

/** The status a served page answers with, its body read to the end (as a browser would). */
async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/** How many routes outside the change are shot to check that the screenshots are stable. */
const CONTROLS = 2;

const slug = (route: string) => (route === "/" ? "home" : route.slice(1).replace(/\//g, "--"));

/** The HTML file of a route in a build, if it has one. */
const htmlFile = (buildDir: string, route: string) =>
  path.join(buildDir, "client", route === "/" ? "" : route.slice(1), "index.html");

/**
 * The control routes: pages present in both builds, outside the affected set, the 404 page apart; the pages with the
 * shortest documents (the least content, so the shortest screenshots and the cheapest check), in a fixed order
 * (length, then route).
 */
function controlRoutes(affected: Affected, content: Content, baseDir: string, headDir: string): string[] {
  const inSet = new Set(affected.routes.map((r) => r.route));
  return content.pages
    .filter(
      (page) =>
        !inSet.has(page.path) &&
        fs.existsSync(htmlFile(baseDir, page.path)) &&
        fs.existsSync(htmlFile(headDir, page.path)),
    )
    .map((page) => ({ route: page.path, size: JSON.stringify(page).length }))
    .sort((a, b) => a.size - b.size || (a.route < b.route ? -1 : 1))
    .slice(0, CONTROLS)
    .map(({ route }) => route);
}

/**
 * The pages that did not answer as they should (the not-found pages, the site's and each locale's, with 404, every
 * other with 200), once per route and side: a page is shot at each width, but a status is the page's, not the width's.
 */
export function pagesNotLoaded(
  shots: readonly { review: { route: string }; side: string; status: number }[],
  notFound: ReadonlySet<string> = new Set([NOT_FOUND_ROUTE]),
): { route: string; side: string; status: number }[] {
  const failed = new Map<string, { route: string; side: string; status: number }>();
  for (const { review, side, status } of shots) {
    const expected = notFound.has(review.route) ? 404 : 200;
    const key = `${review.route} ${side}`;
    if (status !== expected && !failed.has(key)) failed.set(key, { route: review.route, side, status });
  }
  return [...failed.values()];
}

export async function runReview(options: ReviewOptions): Promise<ReviewResult> {
  const root = options.root ?? ROOT;
  const outDir = options.outDir ?? path.join(root, "review");
  const workingTree = options.workingTree ?? true;
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const timings: { step: string; ms: number }[] = [];
  const timed = async <T>(step: string, work: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const value = await work();
    const ms = performance.now() - start;
    timings.push({ step, ms });
    options.onStep?.(step, ms);
    return value;
  };
  const problems: ReviewProblem[] = [];
  const fromError = (error: CatalogueError, route?: string) =>
    problems.push({ code: error.code, text: `${error.code} ${error.message}`, route });
  const problem = <E extends AnyEntry>(route: string, entry: E, ...args: ArgsOf<E>) =>
    fromError(catalogueError(entry, ...args), route);

  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(outDir, "shots"), { recursive: true });

  const validation = await timed("validate the head", () =>
    validateConfig({ configDir: path.join(root, "site-config"), publicDir: path.join(root, "public") }),
  );
  for (const problem of validation.problems) problems.push({ code: problem.code, text: formatProblem(problem) });
  const affected = await timed("find the affected routes", () =>
    affectedRoutes({ base: options.base, cwd: root, workingTree }),
  );
  const result: ReviewResult = {
    affected,
    routes: affected.routes.map((r) => ({ ...r, control: false, shots: [] })),
    problems,
    timings,
    budgets: [],
    outDir,
    startedAt,
    totalMs: 0,
  };
  const finish = () => ({ ...result, totalMs: performance.now() - started });
  // Content that does not validate does not build: the report shows the problems alone.
  if (validation.problems.length > 0 || affected.routes.length === 0) return finish();

  const base = await timed("build the base", () => baseBuild(root, affected.mergeBase));
  result.baseBuild = base;
  const headDir = await timed("build the head", async () => {
    if (!workingTree) {
      const built = await baseBuild(root, affected.head);
      result.headBuild = built.cached ? "fresh" : "full";
      return built.dir;
    }
    const dir = path.resolve(root, process.env.BUILD_DIR ?? "build");
    if (buildIsFresh(root, dir)) result.headBuild = "fresh";
    else if (rendersWithBaseCode(root, affected, base.dir, validation.icons)) {
      await renderContent(root, base.dir, dir);
      result.headBuild = "content";
    } else {
      await buildCheckout(root, dir, "head");
      result.headBuild = "full";
    }
    return dir;
  });

  const measured = await timed("page budgets", () => measure(headDir));
  const shown = new Set(result.routes.filter((r) => r.status !== "gone").map((r) => r.route));
  for (const row of measured.filter((r) => shown.has(r.route))) {
    result.budgets.push({ route: row.route, htmlGzip: row.htmlGzip, jsGzip: row.jsGzip });
    for (const problem of row.problems) fromError(problem, row.route);
  }
  const content = loadContent(path.join(root, "site-config"));
  const notFound = new Set([NOT_FOUND_ROUTE, ...localeNotFoundPaths(content.siteLocales)]);
  if (!options.allRoutes) {
    const sample = sampleRoutes(result.routes, routeFeatures(content));
    for (const review of result.routes) if (!sample.has(review.route)) review.outOfSample = true;
  }
  for (const route of controlRoutes(affected, content, base.dir, headDir))
    result.routes.push({
      route,
      status: "changed",
      reasons: ["control: not affected, its diff must be 0"],
      control: true,
      shots: [],
    });

  const servers: ServedBuild[] = [];
  let browser: Browser | undefined;
  try {
    const [baseSite, headSite] = await Promise.all([serveBuild(base.dir), serveBuild(headDir)]);
    servers.push(baseSite, headSite);
    browser = await launchBrowser();
    const openBrowser = browser;
    const shots = result.routes
      .filter((review) => !review.outOfSample)
      .flatMap((review) =>
        WIDTHS.map((width) => {
          const shot: WidthShot = { width };
          review.shots.push(shot);
          const name = `shots/${slug(review.route)}-${width}`;
          const sides = [
            { side: "base", site: baseSite, file: `${name}-before.png`, present: review.status !== "added" },
            { side: "head", site: headSite, file: `${name}-after.png`, present: review.status !== "gone" },
          ].filter(({ present }) => present);
          return { review, width, shot, name, sides };
        }),
      );
    const unshot = result.routes.filter((review) => review.outOfSample);
    if (unshot.length > 0)
      await timed("load the routes not shot", async () => {
        const loaded = await inLanes(LOAD_LANES, unshot, async (review) => {
          const side = review.status === "gone" ? "base" : "head";
          return {
            review,
            side,
            status: await statusOf(`${(side === "base" ? baseSite : headSite).url}${review.route}`),
          };
        });
        for (const failed of pagesNotLoaded(loaded, notFound)) problem(failed.route, reviewErrors.pageFailed, failed);
      });
    await timed("screenshots and axe", async () => {
      const pages = shots.flatMap(({ review, width, sides }) =>
        sides.map(({ side, site, file }) => ({ review, width, side, file, url: `${site.url}${review.route}` })),
      );
      // A base's pages are what its commit built: shot once per commit, browser and width, then copied (baseShots).
      const kept = baseShots(base.dir, openBrowser.version());
      // Two pages at a time: one is painted while the other's screenshot is encoded or audited.
      const taken = await inLanes(SHOT_LANES, pages, async ({ review, width, side, file, url }) => {
        const into = path.join(outDir, file);
        if (side === "base" && kept.copy(review.route, width, into)) return { status: 200, axe: [] };
        const shot = await shoot(openBrowser, url, width, into, side === "head" && !review.control);
        if (side === "base" && shot.status === 200) kept.keep(review.route, width, into);
        return shot;
      });
      const statuses = pages.map((page, index) => ({ ...page, status: taken[index]!.status }));
      for (const failed of pagesNotLoaded(statuses, notFound)) problem(failed.route, reviewErrors.pageFailed, failed);
      pages.forEach(({ review, width }, index) => {
        for (const finding of taken[index]!.axe)
          problem(review.route, reviewErrors.axeViolation, { route: review.route, width, ...finding });
      });
    });
    await timed("pixel diffs", () => {
      for (const { review, width, shot, name, sides } of shots) {
        for (const { side, file } of sides) {
          if (side === "base") shot.before = file;
          else shot.after = file;
        }
        if (!shot.before || !shot.after) continue;
        shot.diff = `${name}-diff.png`;
        const diff = diffImages(
          path.join(outDir, shot.before),
          path.join(outDir, shot.after),
          path.join(outDir, shot.diff),
        );
        shot.changed = diff.changed;
        shot.total = diff.total;
        shot.image = { width: diff.width, height: diff.height };
        shot.box = diff.box;
        if (review.control && diff.changed > 0)
          problem(review.route, reviewErrors.unstableControl, { route: review.route, width, pixels: diff.changed });
      }
    });
  } finally {
    await browser?.close();
    await Promise.all(servers.map((server) => server.close()));
  }

  return finish();
}
