/**
 * `npm run perf:pictures`: the picture page of the browser tier (tests/e2e/fixtures/behaviours/pictures.json: a hero
 * over a photo, a wall of twelve logos, three media-and-text rows, a diagram) in Lighthouse, against the goals of
 * issue 46. Two builds of the fixture pages, prerendering that page only: one with its pictures as the browser tier
 * makes them (camera-sized JPEGs and PNGs, made with sharp), one with each picture replaced by a solid colour of the
 * same pixel size and format, which the build makes into the same files. Each is served by `npm start` and audited by
 * Lighthouse mobile (its default config, simulated throttling) PERF_RUNS times (3), the two pages in turn so that a
 * busy spell of the machine falls on both. Exits non-zero when the medians miss a goal: performance ≥ 98, LCP within
 * 10 % of the solid colours' page, and no savings in the three image audits. A benchmark run by hand, not in the gate.
 *
 * The fixture site and its pictures come from the browser tier's own support (tests/support/), so that the page
 * measured is the page the browser tier checks.
 *
 *   npm run perf:pictures
 *   PERF_RUNS=5 npm run perf:pictures
 *   PERF_REPORTS_DIR=reports npm run perf:pictures   # keeps each run's report (JSON)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import sharp from "sharp";
import {
  benchBuildErrors,
  catalogueError,
  formatNotice,
  picturePerfErrors,
  picturePerfLines,
} from "../contract/errors.ts";
import { fixtureRoute, writeFixtureSite } from "../tests/support/behaviour-pages.ts";
import { FIXTURE_PICTURES_FOLDER } from "../tests/support/fixture-pictures.ts";
import { CHROME_FLAGS, findChromium } from "../toolchain/chromium.ts";
import { exitOnError, exitWith } from "../toolchain/fail.ts";
import { ROOT } from "../toolchain/paths.ts";
import { print, printToStderr } from "../toolchain/print.ts";
import { type LighthouseReport, auditValue, categoryScore, lighthouseReport, median } from "./measure/lighthouse.ts";
import { type RunningSite, startSite } from "./measure/serve.ts";

const ROUTE = fixtureRoute("pictures");
const RUNS = Number(process.env.PERF_RUNS ?? 3);
/** Where to keep each run's Lighthouse report (JSON, for Lighthouse's viewer), when set. */
const REPORTS_DIR = process.env.PERF_REPORTS_DIR && path.resolve(process.env.PERF_REPORTS_DIR);
const PERFORMANCE_GOAL = 98;
const LCP_RATIO_LIMIT = 1.1;
/** Lighthouse's audits of the pictures' bytes: "properly size images", "modern image formats", "efficiently encode". */
const IMAGE_AUDITS = ["uses-responsive-images", "modern-image-formats", "uses-optimized-images"] as const;
type ImageAudit = (typeof IMAGE_AUDITS)[number];

const VARIANTS = [
  { name: "photos", label: "its photos", solid: false },
  { name: "solid colours", label: "solid colours", solid: true },
] as const;
type Variant = (typeof VARIANTS)[number];

interface Sample {
  performance: number;
  lcp: number;
  savings: Record<ImageAudit, number>;
}

/**
 * Each picture of `folder` replaced by one solid colour (its own dominant one) at its pixel size, in its format and with
 * its channels: the build makes it into the same widths, formats and markup as the picture, at next to no bytes.
 */
async function paintSolid(folder: string): Promise<void> {
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    const original = sharp(fs.readFileSync(file));
    const { width, height, channels, format } = await original.metadata();
    const { dominant } = await original.stats();
    const solid = sharp({
      create: {
        width: width!,
        height: height!,
        channels: channels === 4 ? 4 : 3,
        background: { ...dominant, alpha: 1 },
      },
    });
    fs.writeFileSync(file, await (format === "png" ? solid.png() : solid.jpeg()).toBuffer());
  }
}

/** A build and the environment it was made with. */
interface Built {
  buildDir: string;
  env: Record<string, string>;
}

/** The fixture site (with its pictures, or solid colours) built in `work`, prerendering the picture page only. */
async function buildVariant(variant: Variant, work: string): Promise<Built> {
  printToStderr(picturePerfLines.building, { variant: variant.label });
  const env = await writeFixtureSite(work);
  if (variant.solid) await paintSolid(path.join(env.SITE_PUBLIC_DIR!, FIXTURE_PICTURES_FOLDER));
  // Inside the project: the prerenderer's server bundle resolves its packages from node_modules/.
  fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(ROOT, ".cache", "perf-pictures-"));
  const result = spawnSync("npx", ["--no", "react-router", "build"], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: "production", BUILD_DIR: buildDir, PRERENDER_ONLY: ROUTE },
    encoding: "utf8",
  });
  const built = { buildDir, env: { ...env, PRERENDER_ONLY: ROUTE } };
  if (result.status !== 0)
    throw catalogueError(benchBuildErrors.buildFailed, {
      dir: env.SITE_CONFIG_DIR!,
      output: (result.stderr || result.stdout).slice(-3000),
    });
  return built;
}

/** What an image audit would save, in bytes: its total, or the sum of its rows; nothing when it found nothing. */
function savingsOf(report: LighthouseReport, id: ImageAudit): number {
  const details = report.audits[id]?.details as
    { overallSavingsBytes?: number; items?: { wastedBytes?: number }[] } | undefined;
  return details?.overallSavingsBytes ?? details?.items?.reduce((sum, item) => sum + (item.wastedBytes ?? 0), 0) ?? 0;
}

/** The largest paint's element, as its tag and Lighthouse's label for it (an image's alt, a heading's text). */
function lcpElement(report: LighthouseReport): string {
  const details = report.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  const tag = /^<([a-z0-9-]+)/i.exec(node?.snippet ?? "")?.[1] ?? "?";
  const label = node?.nodeLabel ?? "";
  return `${tag}: ${label.length > 48 ? `${label.slice(0, 47)}…` : label}`;
}

const sampleOf = (report: LighthouseReport): Sample => ({
  performance: categoryScore(report, "performance"),
  lcp: auditValue(report, "largest-contentful-paint"),
  savings: Object.fromEntries(IMAGE_AUDITS.map((id) => [id, savingsOf(report, id)])) as Record<ImageAudit, number>,
});

const medianSample = (samples: Sample[]): Sample => ({
  performance: median(samples.map((s) => s.performance)),
  lcp: median(samples.map((s) => s.lcp)),
  savings: Object.fromEntries(IMAGE_AUDITS.map((id) => [id, median(samples.map((s) => s.savings[id]))])) as Record<
    ImageAudit,
    number
  >,
});

async function main() {
  const chromePath = findChromium();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-perf-pictures-"));
  const builds: Built[] = [];
  const sites: RunningSite[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const results = new Map<Variant, Sample>();
  try {
    for (const variant of VARIANTS) {
      const dir = path.join(work, variant.name.replace(/\W+/g, "-"));
      fs.mkdirSync(dir);
      builds.push(await buildVariant(variant, dir));
    }
    for (const { buildDir, env } of builds) {
      // With the build's own environment: should a source change meanwhile, `npm start` rebuilds the same page.
      const site = await startSite(buildDir, env);
      sites.push(site);
      const answer = await fetch(site.url + ROUTE);
      if (!answer.ok)
        throw catalogueError(picturePerfErrors.pageMissing, { url: site.url + ROUTE, status: answer.status });
    }
    if (REPORTS_DIR) fs.mkdirSync(REPORTS_DIR, { recursive: true });
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...CHROME_FLAGS] });
    const samples = new Map<Variant, Sample[]>(VARIANTS.map((variant) => [variant, []]));
    for (let run = 1; run <= RUNS; run++)
      for (const [index, variant] of VARIANTS.entries()) {
        const report = await lighthouseReport(sites[index]!.url + ROUTE, chrome.port, { throttlingMethod: "simulate" });
        if (REPORTS_DIR)
          fs.writeFileSync(
            path.join(REPORTS_DIR, `${variant.name.replace(/\W+/g, "-")}-${run}.json`),
            JSON.stringify(report),
          );
        const sample = sampleOf(report);
        samples.get(variant)!.push(sample);
        printToStderr(picturePerfLines.progress, {
          variant: variant.name,
          run,
          runs: RUNS,
          performance: sample.performance,
          lcp: Math.round(sample.lcp),
          element: lcpElement(report),
        });
      }
    for (const variant of VARIANTS) results.set(variant, medianSample(samples.get(variant)!));
  } finally {
    chrome?.kill();
    for (const site of sites) await site.close();
    for (const dir of [work, ...builds.map((built) => built.buildDir)])
      fs.rmSync(dir, { recursive: true, force: true });
  }

  const width = Math.max(...VARIANTS.map((variant) => variant.name.length));
  console.log();
  print(picturePerfLines.heading, { route: ROUTE, runs: RUNS });
  console.log();
  print(picturePerfLines.tableHeader, { width });
  // Each figure right-aligned under its column's title, as wide as the catalogue's header makes it.
  const columns = formatNotice(picturePerfLines.tableHeader, { width })
    .split(/ {2,}/)
    .map((title) => title.length);
  for (const variant of VARIANTS) {
    const { performance, lcp, savings } = results.get(variant)!;
    const figures = [performance, Math.round(lcp), ...IMAGE_AUDITS.map((id) => savings[id])];
    console.log(
      [
        variant.name.padEnd(width),
        ...figures.map((figure, index) => String(figure).padStart(columns[index + 1]!)),
      ].join("  "),
    );
  }
  const photos = results.get(VARIANTS[0])!;
  const solid = results.get(VARIANTS[1])!;
  const ratio = photos.lcp / solid.lcp;
  console.log();
  print(picturePerfLines.ratio, { ratio: ratio.toFixed(2), limit: LCP_RATIO_LIMIT.toFixed(2) });

  const savings = IMAGE_AUDITS.filter((id) => photos.savings[id] > 0).map((id) => ({
    audit: id,
    bytes: photos.savings[id],
  }));
  if (photos.performance < PERFORMANCE_GOAL || ratio > LCP_RATIO_LIMIT || savings.length)
    exitWith(
      catalogueError(picturePerfErrors.goalsMissed, {
        performance: photos.performance,
        goal: PERFORMANCE_GOAL,
        ratio,
        limit: LCP_RATIO_LIMIT,
        savings,
      }),
    );
  console.log();
  print(picturePerfLines.goalsMet, {
    performance: photos.performance,
    goal: PERFORMANCE_GOAL,
    ratio: ratio.toFixed(2),
    limit: LCP_RATIO_LIMIT.toFixed(2),
  });
}

main().catch(exitOnError);
