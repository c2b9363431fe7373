import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorGitErrors, editorHistoryLines, messageOf } from "../../../contract/errors.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { useBranchChoice } from "./useBranchChoice.ts";

const FEATURE = { branch: "feature/pricing", base: "origin/main", onBase: false, choice: null };

afterEach(() => vi.unstubAllGlobals());

describe("useBranchChoice: the developer's own branch", () => {
  it("asks on a branch other than the base, sends the choice, and says what it means", async () => {
    const sent = scriptApi(({ method }) => ({
      body: method === "GET" ? FEATURE : { ...FEATURE, choice: "publish" },
    }));
    const { result } = renderHook(() => useBranchChoice());
    await waitFor(() => expect(result.current.ask).toBe(true));
    await act(() => result.current.choose("publish"));
    expect(sent).toEqual([
      { method: "GET", url: "/api/branch", body: undefined },
      { method: "POST", url: "/api/branch/choice", body: { choice: "publish" } },
    ]);
    expect(result.current.ask).toBe(false);
    expect(result.current.outcome).toEqual({
      title: "Publishing on",
      message: messageOf(editorHistoryLines.publishChosen, { base: "origin/main" }),
      hint: editorHistoryLines.publishChosen.hint,
    });
    act(() => result.current.dismiss());
    expect(result.current.outcome).toBeNull();
  });

  it("does not ask on the base, nor once the choice was made in this run, nor on a detached HEAD", async () => {
    for (const answer of [
      { ...FEATURE, branch: "main", onBase: true },
      { ...FEATURE, choice: "files" },
      { ...FEATURE, branch: null },
    ]) {
      scriptApi(() => ({ body: answer }));
      const { result } = renderHook(() => useBranchChoice());
      await waitFor(() => expect(result.current.branch).toEqual(answer));
      expect(result.current.ask).toBe(false);
    }
  });

  it("shows a refused choice in the catalogue's words and keeps asking", async () => {
    const refused = editorGitErrors.badChoice;
    scriptApi(({ method }) => (method === "GET" ? { body: FEATURE } : { status: 400, body: { error: refused } }));
    const { result } = renderHook(() => useBranchChoice());
    await waitFor(() => expect(result.current.ask).toBe(true));
    await act(() => result.current.choose("files"));
    expect(result.current.refused).toEqual({ title: refused.title, message: refused.message, hint: refused.hint });
    expect(result.current.ask).toBe(true);
  });
});
