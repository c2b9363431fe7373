/**
 * `npm run perf:input`: how long the visitor's very first input takes to show its answer, on the production build
 * served by `npm start`, in Debian's Chromium with the CPU slowed 4× (see scripts/measure/first-input.ts for the method).
 * Median of INPUT_RUNS runs (3) per row, each in a fresh browser context. Exits non-zero when a median misses the
 * 200 ms goal, so it can gate a machine that is not shared; the e2e suite keeps a looser budget.
 *
 *   npm run perf:input
 *   INPUT_RUNS=5 npm run perf:input
 *   PERF_BASE_URL=https://… npm run perf:input   # a site already running
 */
import { chromium } from "playwright-core";
import { catalogueError, firstInputErrors, firstInputLines } from "../contract/errors.ts";
import { CHROME_FLAGS, findChromium } from "../toolchain/chromium.ts";
import { exitOnError, exitWith } from "../toolchain/fail.ts";
import { print, printToStderr } from "../toolchain/print.ts";
import { CPU_SLOWDOWN, GOAL_MS, ROWS, measureFirstInput, median } from "./measure/first-input.ts";
import { type RunningSite, startSite } from "./measure/serve.ts";

const RUNS = Number(process.env.INPUT_RUNS ?? 3);

async function main() {
  const executablePath = findChromium();
  let site: RunningSite | undefined;
  const baseURL = process.env.PERF_BASE_URL?.replace(/\/$/, "") ?? (site = await startSite()).url;
  const browser = await chromium.launch({ executablePath, args: CHROME_FLAGS });
  const results: { name: string; samples: number[]; median: number }[] = [];
  try {
    for (const row of ROWS) {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await measureFirstInput(browser, baseURL, row));
      results.push({ name: row.name, samples, median: median(samples) });
      printToStderr(firstInputLines.progress, { row: row.name, ms: Math.round(median(samples)) });
    }
  } finally {
    await browser.close();
    await site?.close();
  }
  const width = Math.max(...results.map((r) => r.name.length));
  console.log();
  print(firstInputLines.heading, { slowdown: CPU_SLOWDOWN, runs: RUNS });
  console.log();
  print(firstInputLines.tableHeader, { width });
  for (const r of results)
    console.log(
      `${r.name.padEnd(width)}  ${`${Math.round(r.median)} ms`.padStart(6)}  ${r.samples.map((s) => Math.round(s)).join(", ")}`,
    );
  const missed = results.filter((r) => !(r.median <= GOAL_MS));
  if (missed.length)
    exitWith(catalogueError(firstInputErrors.goalMissed, { goal: GOAL_MS, rows: missed.map((r) => r.name) }));
  console.log();
  print(firstInputLines.goalMet, { goal: GOAL_MS });
}

main().catch(exitOnError);
