import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptApi } from "../document/test-fetch.ts";
import { useChangeCount } from "./useChanges.ts";

afterEach(() => vi.unstubAllGlobals());

const CHANGED = { file: "site-config/pages/pet.json", path: "/pet", kind: "changed", fields: [] };

describe("useChangeCount: the number on the Changes link of the page list and of a page's toolbar", () => {
  it("counts the changed files git lists (GET /api/changes)", async () => {
    const sent = scriptApi(() => ({ body: { base: "origin/main", changes: [CHANGED, CHANGED], notContent: [] } }));
    const { result } = renderHook(() => useChangeCount(true));
    await waitFor(() => expect(result.current).toBe(2));
    expect(sent).toEqual([{ method: "GET", url: "/api/changes", body: undefined }]);
  });

  it("asks again when the open page is saved, keeping the last count until the new one arrives", async () => {
    let changed = [CHANGED];
    const sent = scriptApi(() => ({ body: { base: "origin/main", changes: changed, notContent: [] } }));
    const { result, rerender } = renderHook(({ revision }) => useChangeCount(true, revision), {
      initialProps: { revision: "v1" },
    });
    await waitFor(() => expect(result.current).toBe(1));
    changed = [CHANGED, { ...CHANGED, file: "site-config/pages/home.json", path: "/" }];
    rerender({ revision: "v2" });
    expect(result.current).toBe(1);
    await waitFor(() => expect(result.current).toBe(2));
    rerender({ revision: "v2" });
    expect(sent).toHaveLength(2);
  });

  it("asks nothing outside git, where the answer would be a refusal, and shows no count", async () => {
    const sent = scriptApi(() => ({ status: 409, body: {} }));
    const { result } = renderHook(() => useChangeCount(false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
    expect(sent).toEqual([]);
  });
});
