/**
 * The gate's closing table (`.ci/run` prints it at its end, passed or failed): each step's wall time, then the slowest
 * ten test files of each tier, from what the run left in GATE_TIMES_DIR: `steps.tsv` (a step's name, its seconds and
 * its exit status, one line each, written by `.ci/run`) and each tier's Vitest results (`<tier>.json`,
 * tests/support/gate-times.ts). A step that grows is seen in the run that made it grow (docs/quality.md, "CI's time").
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../toolchain/paths.ts";
import { seconds } from "./seconds.ts";

const dir = process.env.GATE_TIMES_DIR ?? path.join(ROOT, ".cache", "gate-times");
const SLOWEST = 10;
const TIERS = ["unit", "slow", "postgresql", "browser"];

interface VitestResults {
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [line(head), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

function stepRows(): string[][] {
  const file = path.join(dir, "steps.tsv");
  if (!fs.existsSync(file)) return [];
  const steps = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));
  // Steps run side by side: the gate's time is from its start, when .ci/run wrote it, not the steps' sum.
  const started = path.join(dir, "started");
  const total = fs.existsSync(started)
    ? Date.now() / 1000 - Number(fs.readFileSync(started, "utf8"))
    : steps.reduce((sum, [, time]) => sum + Number(time), 0);
  return [
    ...steps.map(([name, time, status]) => [
      name,
      seconds(Number(time)),
      status === "0" ? "passed" : `failed (${status})`,
    ]),
    ["total", seconds(total), steps.every(([, , status]) => status === "0") ? "" : "failed"],
  ];
}

function slowestFiles(tier: string): string | undefined {
  const file = path.join(dir, `${tier}.json`);
  if (!fs.existsSync(file)) return undefined;
  const { testResults } = JSON.parse(fs.readFileSync(file, "utf8")) as VitestResults;
  const rows = testResults
    .map((result) => ({ ...result, time: (result.endTime - result.startTime) / 1000 }))
    .sort((a, b) => b.time - a.time)
    .slice(0, SLOWEST)
    .map((result) => [path.relative(ROOT, result.name), seconds(result.time), result.status]);
  return `The ${tier} tier's slowest files (${testResults.length} files)\n\n${table(["file", "time", "result"], rows)}`;
}

const parts = [
  `The gate's time, step by step\n\n${table(["step", "wall time", "result"], stepRows())}`,
  ...TIERS.flatMap((tier) => slowestFiles(tier) ?? []),
];
console.log(`\n${parts.join("\n\n")}\n`);
