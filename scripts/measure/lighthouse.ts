import lighthouse, { type Config, type Flags, type RunnerResult } from "lighthouse";
import { catalogueError, checkErrors, formatCatalogueError } from "../../contract/errors.ts";

/** How Lighthouse audits: a config (its mobile default when absent) and a throttling method. */
export interface LighthouseMode {
  config?: Config;
  throttlingMethod: "simulate" | "devtools";
}

export type LighthouseReport = RunnerResult["lhr"];

/** Runs of Lighthouse on one page and mode before its failure stands. */
const ATTEMPTS = 3;

/**
 * One Lighthouse report of `url` in the Chromium on `port`. Lighthouse now and then fails to record a trace
 * (NO_NAVSTART, NO_FCP); such a run is repeated, up to twice, and says so.
 */
export async function lighthouseReport(
  url: string,
  port: number,
  mode: LighthouseMode,
  attempt = 1,
): Promise<LighthouseReport> {
  try {
    return await reportOnce(url, port, mode);
  } catch (error) {
    if (attempt >= ATTEMPTS) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const retry = catalogueError(checkErrors.lighthouseRetry, { reason, attempt: attempt + 1, attempts: ATTEMPTS });
    console.error(formatCatalogueError(retry));
    return lighthouseReport(url, port, mode, attempt + 1);
  }
}

async function reportOnce(url: string, port: number, mode: LighthouseMode): Promise<LighthouseReport> {
  const flags: Flags = { port, output: "json", logLevel: "error", throttlingMethod: mode.throttlingMethod };
  const result = await lighthouse(url, flags, mode.config);
  if (!result) throw catalogueError(checkErrors.lighthouseFailed, { url, reason: "it returned no result" });
  const { runtimeError } = result.lhr;
  if (runtimeError) throw catalogueError(checkErrors.lighthouseFailed, { url, reason: runtimeError.message });
  return result.lhr;
}

/** A category's score out of 100, as Lighthouse's report shows it. */
export const categoryScore = (report: LighthouseReport, id: string): number =>
  Math.round((report.categories[id]?.score ?? 0) * 100);

/** An audit's measured value (milliseconds for the timings), NaN when the report has none. */
export const auditValue = (report: LighthouseReport, id: string): number => report.audits[id]?.numericValue ?? NaN;

/** The middle of the values (the upper middle of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
