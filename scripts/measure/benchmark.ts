/**
 * What each benchmark of the site's size does around its measures (`npm run bench:build`, `npm run bench:dev`): the
 * route counts asked for, a grown copy of the site for each (removed once it ends, whatever happens), the table with
 * the machine's speed before and after the measures, and the figures far past their goals, which fail it once all
 * is printed.
 */
import fs from "node:fs";
import { benchBuildErrors, benchBuildLines, catalogueError } from "../../contract/errors.ts";
import { exitOnError } from "../../toolchain/fail.ts";
import { CONFIG_DIR } from "../../toolchain/paths.ts";
import { print } from "../../toolchain/print.ts";
import { machineSpeed } from "./machine-speed.ts";
import { type ScaledSite, routesOf, scaledSite } from "./scaled-site.ts";
import { textTable } from "./text-table.ts";

export interface Benchmark {
  /** The routes of the site as it is. */
  siteRoutes: number;
  /** The route counts the command line names, or `defaults`. */
  targets: (defaults: number[]) => number[];
  /** A row's name for a route count: the site as it is, or about so many routes. */
  label: (target: number) => string;
  /** The site grown to about `target` routes (scaledSite), removed when the benchmark ends. */
  site: (target: number) => ScaledSite;
  /** Notes a figure past twice its goal: the benchmark fails naming it once everything is printed. */
  goal: (name: string, value: number | undefined, goal: number) => void;
  /** Prints the table, then the machine's speed before and after the measures. */
  table: (header: string[], rows: string[][]) => void;
}

export async function benchmark(measure: (bench: Benchmark) => Promise<void>): Promise<void> {
  const temporary: string[] = [];
  const pastGoals: string[] = [];
  const siteRoutes = routesOf(CONFIG_DIR);
  // Before anything runs: the machine as the figures find it.
  const speedBefore = machineSpeed();
  /** Reported once the temporary copies are removed. */
  let failure: unknown;
  try {
    await measure({
      siteRoutes,
      targets: (defaults) => {
        const asked = process.argv
          .slice(2)
          .filter((arg) => /^\d+$/.test(arg))
          .map(Number);
        return asked.length ? asked : defaults;
      },
      label: (target) => (target === siteRoutes ? "as is" : `~${target}`),
      site: (target) => {
        const site = scaledSite(target);
        temporary.push(site.dir);
        return site;
      },
      goal: (name, value, goal) => {
        if (value !== undefined && value > 2 * goal) pastGoals.push(`${name} ${Math.round(value)} (goal ${goal})`);
      },
      table: (header, rows) => {
        console.log(textTable(header, rows));
        console.log();
        print(benchBuildLines.speed, { before: speedBefore.toFixed(2), after: machineSpeed().toFixed(2) });
      },
    });
    if (pastGoals.length) throw catalogueError(benchBuildErrors.farPastGoals, { figures: pastGoals });
  } catch (error) {
    failure = error;
  } finally {
    for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failure !== undefined) exitOnError(failure);
}
