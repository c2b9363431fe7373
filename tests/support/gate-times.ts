import path from "node:path";

/**
 * When the gate runs (`.ci/run` sets GATE_TIMES_DIR), each tier's Vitest run also writes its results as JSON there,
 * `<tier>.json`, from which `scripts/gate/gate-times.ts` reads each file's time for the gate's closing table. A run by hand
 * reports as usual and writes nothing.
 */
export function gateReporters(tier: string): { reporters?: string[]; outputFile?: Record<string, string> } {
  const dir = process.env.GATE_TIMES_DIR;
  if (!dir) return {};
  return { reporters: ["default", "json"], outputFile: { json: path.resolve(dir, `${tier}.json`) } };
}
