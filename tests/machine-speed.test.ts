// @vitest-environment node
/** The machine's speed the benchmarks print beside their figures: the seconds of a fixed job, and its line. */
import { describe, expect, it } from "vitest";
import { benchBuildLines, messageOf } from "../contract/errors.ts";
import { machineSpeed } from "../scripts/measure/machine-speed.ts";

describe("the machine's speed", () => {
  it("is the seconds a fixed job takes, printed before and after the benchmark", () => {
    const seconds = machineSpeed();
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(60);
    expect(messageOf(benchBuildLines.speed, { before: "0.52", after: "0.61" })).toBe(
      "Machine speed: 0.52 s before, 0.61 s after (a fixed job on one core: lower is faster).",
    );
  });
});
