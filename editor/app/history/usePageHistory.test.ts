import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FileVersion } from "../../protocol.ts";
import { editorGitErrors, editorHistoryLines } from "../../../contract/errors.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { usePageHistory } from "./usePageHistory.ts";

const FILE = "site-config/pages/about.json";
const version = (commit: string, summary: string): FileVersion => ({
  commit: commit.repeat(40),
  author: "Bea Writer",
  email: "bea@example.com",
  date: "2026-11-20T10:00:00+01:00",
  summary,
  file: FILE,
});
const NEW = version("b", "Shorter title");
const OLD = { ...version("a", "The site"), file: "site-config/pages/about-us.json" };

afterEach(() => vi.unstubAllGlobals());

describe("usePageHistory: a page's versions, previewed one at a time", () => {
  it("reads the versions when opened, and a version's document (under its name then) when picked", async () => {
    const sent = scriptApi(({ url }) =>
      url.startsWith("/api/history?")
        ? { body: { file: FILE, versions: [NEW, OLD] } }
        : { body: { file: OLD.file, commit: OLD.commit, text: '{ "title": "About" }' } },
    );
    const { result } = renderHook(() => usePageHistory(FILE));
    expect(result.current.shown).toBe(false);
    await act(() => result.current.open());
    expect(result.current.shown).toBe(true);
    expect(result.current.versions).toEqual([NEW, OLD]);
    await act(() => result.current.pick(OLD));
    expect(result.current.picked).toEqual({ version: OLD, doc: { title: "About" } });
    expect(sent.map((request) => request.url)).toEqual([
      `/api/history?file=${encodeURIComponent(FILE)}`,
      `/api/history/version?file=${encodeURIComponent(OLD.file)}&commit=${OLD.commit}`,
    ]);
    act(() => result.current.close());
    expect(result.current).toMatchObject({ shown: false, picked: null });
  });

  it("says a version that is not a JSON object cannot be shown", async () => {
    scriptApi(() => ({ body: { file: FILE, commit: NEW.commit, text: "{ not json" } }));
    const { result } = renderHook(() => usePageHistory(FILE));
    await act(() => result.current.pick(NEW));
    const { title, message, hint } = editorHistoryLines.unreadable;
    expect(result.current.picked).toEqual({ version: NEW, refused: { title, message, hint } });
  });

  it("keeps only the version picked last when the answers cross", async () => {
    const answers: Record<string, (response: Response) => void> = {};
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => new Promise<Response>((resolve) => (answers[url.slice(-40)] = resolve))),
    );
    const { result } = renderHook(() => usePageHistory(FILE));
    let first: Promise<void> = Promise.resolve();
    let second: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.pick(OLD);
      second = result.current.pick(NEW);
    });
    const answer = (text: string) => new Response(JSON.stringify({ text }));
    await act(async () => {
      answers[NEW.commit](answer('{ "title": "New" }'));
      await second;
      answers[OLD.commit](answer('{ "title": "Old" }'));
      await first;
    });
    expect(result.current.picked).toEqual({ version: NEW, doc: { title: "New" } });
  });

  it("shows git's refusal, in the catalogue's words, when the history cannot be read", async () => {
    const refused = editorGitErrors.notRepository;
    scriptApi(() => ({ status: 409, body: { error: refused } }));
    const { result } = renderHook(() => usePageHistory(FILE));
    await act(() => result.current.open());
    await waitFor(() =>
      expect(result.current.failure).toEqual({ title: refused.title, message: refused.message, hint: refused.hint }),
    );
    expect(result.current.versions).toBeNull();
  });
});
