import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DRAFT_KEY_PREFIX } from "../../protocol.ts";
import { readDraft } from "./drafts.ts";
import { scriptApi } from "./test-fetch.ts";
import { useOpenedDocument } from "./useOpenedDocument.ts";

const FILE = "site-config/pages/about.json";
const onDisk = { file: FILE, schema: "schemas/page.schema.json", value: { title: "About" }, version: "v2" };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("useOpenedDocument: a file opened for editing", () => {
  it("asks the server for the file and shows it as saved", async () => {
    const sent = scriptApi(() => ({ body: onDisk }));
    const { result } = renderHook(() => useOpenedDocument(FILE));
    await waitFor(() => expect(result.current.value).toEqual({ title: "About" }));
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /api/document?file=${encodeURIComponent(FILE)}`,
    ]);
    expect(result.current.dirty).toBe(false);
    expect(result.current.restored).toBe(false);
    expect(result.current.saved).toEqual({ value: { title: "About" }, version: "v2" });
  });

  it("puts back a draft made on an older version as an unsaved change, keeping that version to detect the conflict", async () => {
    localStorage.setItem(`${DRAFT_KEY_PREFIX}${FILE}`, JSON.stringify({ version: "v1", value: { title: "Mine" } }));
    scriptApi(() => ({ body: onDisk }));
    const { result } = renderHook(() => useOpenedDocument(FILE));
    await waitFor(() => expect(result.current.value).toEqual({ title: "Mine" }));
    expect(result.current.restored).toBe(true);
    expect(result.current.dirty).toBe(true);
    expect(result.current.saved?.version).toBe("v1");
    act(() => result.current.history.undo());
    expect(result.current.value).toEqual({ title: "About" });
  });

  it("puts back a draft made on an older version with what that version held, which a save merges from", async () => {
    const draft = { version: "v1", value: { title: "Mine" }, base: { title: "Before" } };
    localStorage.setItem(`${DRAFT_KEY_PREFIX}${FILE}`, JSON.stringify(draft));
    scriptApi(() => ({ body: onDisk }));
    const { result } = renderHook(() => useOpenedDocument(FILE));
    await waitFor(() => expect(result.current.value).toEqual({ title: "Mine" }));
    expect(result.current.saved).toEqual({ value: { title: "Before" }, version: "v1" });
  });

  it("shows the document a save merged, with what was typed while the save was under way merged in", async () => {
    scriptApi(() => ({ body: onDisk }));
    const { result } = renderHook(() => useOpenedDocument(FILE));
    await waitFor(() => expect(result.current.value).toEqual({ title: "About" }));
    const sent = { title: "About us" };
    act(() => result.current.history.change(sent));
    act(() => result.current.history.change({ title: "About us", description: "Typed meanwhile" }));
    act(() => result.current.adopt(sent, { title: "About us", nav: "theirs" }, "v3"));
    expect(result.current.value).toEqual({ title: "About us", nav: "theirs", description: "Typed meanwhile" });
    expect(result.current.saved).toEqual({ value: { title: "About us", nav: "theirs" }, version: "v3" });
    expect(result.current.dirty).toBe(true);
  });

  it("reload drops the unsaved edits and their draft, and opens the file again", async () => {
    localStorage.setItem(`${DRAFT_KEY_PREFIX}${FILE}`, JSON.stringify({ version: "v2", value: { title: "Mine" } }));
    const sent = scriptApi(() => ({ body: onDisk }));
    const { result } = renderHook(() => useOpenedDocument(FILE));
    await waitFor(() => expect(result.current.restored).toBe(true));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.value).toEqual({ title: "About" }));
    expect(result.current.restored).toBe(false);
    expect(readDraft(FILE)).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it("says why a file cannot be opened, in the catalogue's words", async () => {
    scriptApi(() => ({
      status: 422,
      body: {
        error: { code: "EDIT_NOT_JSON", title: "Not valid JSON", message: "Not JSON.", hint: "Fix it." },
        problems: [],
      },
    }));
    const { result } = renderHook(() => useOpenedDocument(FILE));
    await waitFor(() =>
      expect(result.current.loadError).toEqual({ title: "Not valid JSON", message: "Not JSON. Fix it.", problems: [] }),
    );
  });
});
