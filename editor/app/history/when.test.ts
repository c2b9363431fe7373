import { describe, expect, it } from "vitest";
import { timeAgo } from "./when.ts";

const NOW = new Date("2026-11-26T12:00:00Z");
const before = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe("timeAgo: how long ago a version was made, in words", () => {
  it("counts in the largest unit that fits", () => {
    expect(
      [20, 90, 3 * 3600, 26 * 3600, 3 * 86400, 9 * 86400, 20 * 86400, 45 * 86400, 400 * 86400].map((s) =>
        timeAgo(before(s), NOW),
      ),
    ).toEqual([
      "just now",
      "1 minute ago",
      "3 hours ago",
      "yesterday",
      "3 days ago",
      "last week",
      "2 weeks ago",
      "last month",
      "last year",
    ]);
  });
});
