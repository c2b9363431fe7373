import { describe, expect, it } from "vitest";

describe("the unit tier's guard against React's act() warnings (tests/setup.ts)", () => {
  it("fails the test that causes one", () => {
    expect(() =>
      console.error("Warning: An update to Carousel inside a test was not wrapped in act(...).", "\n    in Carousel"),
    ).toThrow("React warned: Warning: An update to Carousel inside a test was not wrapped in act(...).");
    expect(() => console.error("The current testing environment is not configured to support act(...)")).toThrow(
      "React warned",
    );
  });
});
