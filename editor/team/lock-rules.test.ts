import { describe, expect, it } from "vitest";
import { LOCK_HEARTBEAT_MS, LOCK_LAPSE_MS, TAKEN_GRACE_MS, isLive, lockAgainst } from "./lock-rules.ts";

const AT = Date.parse("2026-11-28T09:00:00Z");
const FILE = "site-config/pages/about.json";
const mias = { file: FILE, holder: "mia@company.com", name: "Mia", heartbeatAt: AT };

describe("a page's editing lock", () => {
  it("holds while its heartbeat comes every 20 seconds, and lapses three minutes after the last", () => {
    expect([LOCK_HEARTBEAT_MS, LOCK_LAPSE_MS]).toEqual([20_000, 180_000]);
    expect(isLive(mias, AT + LOCK_LAPSE_MS - 1)).toBe(true);
    expect(isLive(mias, AT + LOCK_LAPSE_MS)).toBe(false);
  });

  it("keeps others from saving, never its holder, and lets the person it was taken from save for a minute", () => {
    expect(lockAgainst(mias, "mia@company.com", AT)).toBeUndefined();
    expect(lockAgainst(mias, "bob@company.com", AT)).toBe(mias);
    expect(lockAgainst(mias, "bob@company.com", AT + LOCK_LAPSE_MS)).toBeUndefined();
    expect(lockAgainst(undefined, "bob@company.com", AT)).toBeUndefined();
    const bobs = { ...mias, holder: "bob@company.com", takenFrom: "mia@company.com", takenAt: AT };
    expect(lockAgainst(bobs, "mia@company.com", AT + TAKEN_GRACE_MS - 1)).toBeUndefined();
    expect(lockAgainst(bobs, "mia@company.com", AT + TAKEN_GRACE_MS)).toBe(bobs);
    expect(lockAgainst(bobs, "ada@company.com", AT)).toBe(bobs);
  });
});
