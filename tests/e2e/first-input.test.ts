import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROWS, measureFirstInput, median } from "../../scripts/measure/first-input.ts";
import { baseURL, launch } from "./support/browser.ts";

/**
 * A loose guard on the first-input benchmark (`npm run perf:input`, which holds the 200 ms goal and the figures): each
 * row, CPU slowed 4×, must stay under a budget wide enough for a shared CI machine. A row over it means the first tap
 * waits for script again, which costs seconds, not milliseconds: one run within the budget shows it does not. Only a
 * run over it is measured twice more, and the row is judged by the median of the three, so that one run slowed by the
 * machine fails nothing.
 */
const BUDGET_MS = 600;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("the visitor's first input, CPU slowed 4×", () => {
  it.each(ROWS.map((row) => [row.name, row] as const))(
    `%s: answered within ${BUDGET_MS} ms (or the median of 3, if one run is over)`,
    async (_name, row) => {
      const samples = [await measureFirstInput(browser, baseURL(), row)];
      if (samples[0] > BUDGET_MS)
        for (let run = 0; run < 2; run++) samples.push(await measureFirstInput(browser, baseURL(), row));
      expect(median(samples), `runs: ${samples.map(Math.round).join(", ")} ms`).toBeLessThanOrEqual(BUDGET_MS);
    },
  );
});
