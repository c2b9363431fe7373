// @vitest-environment node
import { describe, expect, it } from "vitest";
import { newLeadId } from "./store.ts";

describe("lead ids", () => {
  it("are UUIDs version 7: the creation time first, so later leads sort after earlier ones", () => {
    const at = Date.parse("2026-03-02T09:00:00.000Z");
    const id = newLeadId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace("-", "").slice(0, 12), 16)).toBe(at);

    const ids = [at, at + 1, at + 1_000, at + 86_400_000].map((time) => newLeadId(time));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => newLeadId(at))).size).toBe(1000);
  });
});
