import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorErrors } from "../../contract/errors.ts";
import { api } from "./api.ts";
import { scriptApi } from "./document/test-fetch.ts";
import { useAnswer } from "./useAnswer.ts";

afterEach(() => vi.unstubAllGlobals());

/** A request whose answer the test gives when it chooses. */
function held<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { load: () => promise, answer };
}

describe("useAnswer: a server's answer for a view, or its refusal", () => {
  it("asks on mount, and again on reload, keeping the last answer meanwhile", async () => {
    let count = 0;
    const sent = scriptApi(() => ({ body: { base: "origin/main", changes: Array(++count).fill({}), notContent: [] } }));
    const { result } = renderHook(() => useAnswer(api.changes));
    await waitFor(() => expect(result.current.answer?.changes).toHaveLength(1));
    let reloaded: Promise<void> | undefined;
    act(() => {
      reloaded = result.current.reload();
    });
    expect(result.current.answer?.changes).toHaveLength(1);
    await act(() => reloaded);
    expect(result.current.answer?.changes).toHaveLength(2);
    expect(sent.map((request) => request.url)).toEqual(["/api/changes", "/api/changes"]);
  });

  it("shows a refusal in the catalogue's words", async () => {
    const { code, title, message, hint } = editorErrors.conflict;
    scriptApi(() => ({ status: 409, body: { error: { code, title, message, hint } } }));
    const { result } = renderHook(() => useAnswer(api.changes));
    await waitFor(() => expect(result.current.failure).toEqual({ title, message, hint }));
    expect(result.current.answer).toBeNull();
  });

  it("drops the answer to a request since replaced, even when it arrives last", async () => {
    const first = held<string>();
    const second = held<string>();
    const { result, rerender } = renderHook(({ load }) => useAnswer(load), { initialProps: { load: first.load } });
    rerender({ load: second.load });
    await act(async () => second.answer("for the second"));
    await act(async () => first.answer("for the first"));
    expect(result.current.answer).toBe("for the second");
  });

  it("asks nothing for a null request, and again when what it is asked for changes", async () => {
    const load = vi.fn(() => Promise.resolve("answer"));
    const { rerender } = renderHook(({ on, revision }) => useAnswer(on ? load : null, revision), {
      initialProps: { on: false, revision: "v1" },
    });
    expect(load).not.toHaveBeenCalled();
    rerender({ on: true, revision: "v1" });
    rerender({ on: true, revision: "v2" });
    rerender({ on: true, revision: "v2" });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
