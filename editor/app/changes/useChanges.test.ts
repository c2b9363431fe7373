import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptApi } from "../document/test-fetch.ts";
import { useChangeCount } from "./useChanges.ts";

afterEach(() => vi.unstubAllGlobals());

const CHANGED = { file: "site-config/pages/pet.json", path: "/pet", kind: "changed", fields: [] };

describe("useChangeCount: the number on the page list's Changes link", () => {
  it("counts the changed files git lists (GET /api/changes)", async () => {
    const sent = scriptApi(() => ({ body: { base: "origin/main", changes: [CHANGED, CHANGED], notContent: [] } }));
    const { result } = renderHook(() => useChangeCount(true));
    await waitFor(() => expect(result.current).toBe(2));
    expect(sent).toEqual([{ method: "GET", url: "/api/changes", body: undefined }]);
  });

  it("asks nothing outside git, where the answer would be a refusal, and shows no count", async () => {
    const sent = scriptApi(() => ({ status: 409, body: {} }));
    const { result } = renderHook(() => useChangeCount(false));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
    expect(sent).toEqual([]);
  });
});
