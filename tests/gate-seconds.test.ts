import { describe, expect, it } from "vitest";
import { seconds } from "../scripts/gate/seconds.ts";

describe("the gate's table of times", () => {
  it("gives tenths of a second under a minute and whole seconds from one, never 60 of them", () => {
    expect(seconds(56.84)).toBe("56.8 s");
    expect(seconds(59.96)).toBe("1 min 0 s");
    expect(seconds(194.3)).toBe("3 min 14 s");
    expect(seconds(359.7)).toBe("6 min 0 s");
    expect(seconds(719.5)).toBe("12 min 0 s");
  });
});
