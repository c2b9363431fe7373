import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptApi } from "./test-fetch.ts";
import { VALIDATE_DELAY_MS, useValidation } from "./useValidation.ts";

const FILE = "site-config/pages/about.json";
const problem = {
  file: FILE,
  pointer: "/title",
  line: 2,
  column: 3,
  code: "CFG004",
  message: "missing",
  hint: "Add it.",
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useValidation: problems found while typing", () => {
  it("asks once the typing pauses, about the latest document only, and shows its problems", async () => {
    vi.useFakeTimers();
    const sent = scriptApi(() => ({ body: { problems: [problem] } }));
    const first = { title: "A" };
    const second = { title: "Ab" };
    const { result, rerender } = renderHook(({ value }) => useValidation(FILE, value), {
      initialProps: { value: first },
    });
    rerender({ value: second });
    await act(() => vi.advanceTimersByTimeAsync(VALIDATE_DELAY_MS - 1));
    expect(sent).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sent).toEqual([{ method: "POST", url: "/api/validate", body: { file: FILE, value: second } }]);
    expect(result.current.problems).toEqual([problem]);
    expect(result.current.isChecked(second)).toBe(true);
    expect(result.current.isChecked(first)).toBe(false);
  });

  it("drops an answer about a document changed since it was asked", async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal("fetch", () => new Promise<Response>((resolve) => (answer = resolve)));
    const { result, rerender } = renderHook(({ value }) => useValidation(FILE, value), {
      initialProps: { value: { title: "" } },
    });
    await act(() => vi.advanceTimersByTimeAsync(VALIDATE_DELAY_MS));
    rerender({ value: { title: "Fixed" } });
    await act(async () => answer(new Response(JSON.stringify({ problems: [problem] }))));
    expect(result.current.problems).toEqual([]);
  });
});

describe("useValidation on a site whose validation takes seconds", () => {
  it("asks one question at a time: while one is answered, only the latest document waits, and is asked about next", async () => {
    vi.useFakeTimers();
    const asked: unknown[] = [];
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      asked.push((JSON.parse(String(init.body)) as { value: unknown }).value);
      return new Promise<Response>((resolve) => answers.push(resolve));
    });
    const { result, rerender } = renderHook(({ value }) => useValidation(FILE, value), {
      initialProps: { value: { title: "A" } },
    });
    await act(() => vi.advanceTimersByTimeAsync(VALIDATE_DELAY_MS));
    const latest = { title: "Abc" };
    for (const value of [{ title: "Ab" }, latest]) {
      rerender({ value });
      await act(() => vi.advanceTimersByTimeAsync(VALIDATE_DELAY_MS));
    }
    expect(asked).toEqual([{ title: "A" }]);

    await act(async () => answers[0]!(new Response(JSON.stringify({ problems: [problem] }))));
    expect(asked).toEqual([{ title: "A" }, latest]);
    expect(result.current.problems).toEqual([]);
    await act(async () => answers[1]!(new Response(JSON.stringify({ problems: [problem] }))));
    expect(result.current.problems).toEqual([problem]);
    expect(result.current.isChecked(latest)).toBe(true);
  });
});
