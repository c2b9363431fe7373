/**
 * `npm run perf`: Lighthouse 12 on the production build served by `npm start`, in Debian's Chromium. For each route:
 * mobile (Lighthouse's default) and desktop (its desktop preset), each with simulated throttling (Lighthouse's
 * default, what PageSpeed reports) and with devtools throttling (real network/CPU slowing; simulation overstates FCP on
 * prerendered pages that carry many modulepreload links). Median of PERF_RUNS runs (3). Prints a per-route table.
 * Scores move from run to run and machine to machine, so this is a report, not a CI gate; bytes are (`npm run budgets`).
 *
 *   npm run perf                       # the four routes of the issue
 *   npm run perf -- / /about           # other routes
 *   PERF_BASE_URL=https://… npm run perf  # a site already running
 *   PERF_MODES=mobile npm run perf     # only the modes named (comma-separated)
 */
import * as chromeLauncher from "chrome-launcher";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { catalogueError, checkErrors, checkLines } from "../contract/errors.ts";
import { CHROME_FLAGS, findChromium } from "../toolchain/chromium.ts";
import { exitOnError, exitWith } from "../toolchain/fail.ts";
import { print, printToStderr } from "../toolchain/print.ts";
import { type LighthouseMode, auditValue, categoryScore, lighthouseReport, median } from "./measure/lighthouse.ts";
import { type RunningSite, startSite } from "./measure/serve.ts";
import { textTable } from "./measure/text-table.ts";

const DEFAULT_ROUTES = ["/", "/chat-agents", "/industries/contact-centers", "/contact"];
const RUNS = Number(process.env.PERF_RUNS ?? 3);
const MODES: (LighthouseMode & { name: string })[] = [
  { name: "mobile", throttlingMethod: "simulate" },
  { name: "desktop", config: desktopConfig, throttlingMethod: "simulate" },
  { name: "mobile devtools", throttlingMethod: "devtools" },
  { name: "desktop devtools", config: desktopConfig, throttlingMethod: "devtools" },
];

const modeFilter = process.env.PERF_MODES?.split(",").map((name) => name.trim());
const selectedModes = modeFilter ? MODES.filter((mode) => modeFilter.includes(mode.name)) : MODES;
if (!selectedModes.length)
  exitWith(catalogueError(checkErrors.unknownPerfMode, { modes: MODES.map((mode) => mode.name) }));

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function audit(url: string, port: number, mode: LighthouseMode): Promise<Sample> {
  const report = await lighthouseReport(url, port, mode);
  return {
    performance: categoryScore(report, "performance"),
    accessibility: categoryScore(report, "accessibility"),
    bestPractices: categoryScore(report, "best-practices"),
    seo: categoryScore(report, "seo"),
    fcp: auditValue(report, "first-contentful-paint"),
    lcp: auditValue(report, "largest-contentful-paint"),
    tbt: auditValue(report, "total-blocking-time"),
    cls: auditValue(report, "cumulative-layout-shift"),
  };
}

function table(rows: { route: string; mode: string; sample: Sample }[]): string {
  const header = ["route", "mode", "perf", "a11y", "best pr.", "SEO", "FCP ms", "LCP ms", "TBT ms", "CLS"];
  const lines = rows.map(({ route, mode, sample: s }) => [
    route,
    mode,
    String(s.performance),
    String(s.accessibility),
    String(s.bestPractices),
    String(s.seo),
    String(Math.round(s.fcp)),
    String(Math.round(s.lcp)),
    String(Math.round(s.tbt)),
    s.cls.toFixed(3),
  ]);
  return textTable(header, lines, 2);
}

async function main() {
  const chromePath = findChromium();
  const routes = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  let site: RunningSite | undefined;
  const baseURL = process.env.PERF_BASE_URL?.replace(/\/$/, "") ?? (site = await startSite()).url;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...CHROME_FLAGS] });
  const rows: { route: string; mode: string; sample: Sample }[] = [];
  try {
    for (const route of routes.length ? routes : DEFAULT_ROUTES) {
      for (const mode of selectedModes) {
        const samples: Sample[] = [];
        for (let run = 0; run < RUNS; run++) samples.push(await audit(baseURL + route, chrome.port, mode));
        const pick = (key: keyof Sample) => median(samples.map((s) => s[key]));
        const sample = Object.fromEntries(
          Object.keys(samples[0]).map((key) => [key, pick(key as keyof Sample)]),
        ) as unknown as Sample;
        rows.push({ route, mode: mode.name, sample });
        printToStderr(checkLines.lighthouseProgress, {
          route,
          mode: mode.name,
          performance: sample.performance,
          runs: RUNS,
        });
      }
    }
  } finally {
    chrome.kill();
    await site?.close();
  }
  console.log();
  print(checkLines.lighthouseHeading, { runs: RUNS, target: site ? "`npm start`" : baseURL });
  console.log();
  console.log(table(rows));
  console.log();
  print(checkLines.lighthouseGoals);
}

main().catch(exitOnError);
