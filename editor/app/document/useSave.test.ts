import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorErrors } from "../../../contract/errors.ts";
import { scriptApi } from "./test-fetch.ts";
import type { Saved } from "./useOpenedDocument.ts";
import { useSave } from "./useSave.ts";

const FILE = "site-config/pages/about.json";
const value = { title: "About us" };
const saved = { value: { title: "About" }, version: "v1" };
const problem = {
  file: FILE,
  pointer: "/title",
  line: 2,
  column: 3,
  endLine: 2,
  endColumn: 9,
  code: "CFG007",
  message: "too long",
  hint: "",
};

afterEach(() => vi.unstubAllGlobals());

function setup(problems = [] as (typeof problem)[], checked = false, made: Saved = saved) {
  const markSaved = vi.fn();
  const adopt = vi.fn();
  const onSaved = vi.fn();
  const hook = renderHook(() =>
    useSave({ file: FILE, value, saved: made, problems, isChecked: () => checked, markSaved, adopt, onSaved }),
  );
  return { hook, markSaved, adopt, onSaved };
}

describe("useSave: saving a document", () => {
  it("sends the document with the version it was made on, and says it was saved", async () => {
    const sent = scriptApi(() => ({ body: { version: "v2", changed: true } }));
    const { hook, markSaved, onSaved } = setup();
    await act(() => hook.result.current.save());
    expect(sent).toEqual([
      { method: "POST", url: "/api/save", body: { file: FILE, value, version: "v1", base: saved.value } },
    ]);
    expect(markSaved).toHaveBeenCalledWith(value, "v2");
    expect(onSaved).toHaveBeenCalled();
    expect(hook.result.current.status).toBe("Saved");
  });

  it("says nothing more about the save once the document changes again", async () => {
    scriptApi(() => ({ body: { version: "v2", changed: true } }));
    const props = {
      file: FILE,
      value,
      saved,
      problems: [],
      isChecked: () => false,
      markSaved: vi.fn(),
      adopt: vi.fn(),
      onSaved: vi.fn(),
    };
    const hook = renderHook((options: typeof props) => useSave(options), { initialProps: props });
    await act(() => hook.result.current.save());
    expect(hook.result.current.status).toBe("Saved");
    hook.rerender({ ...props, value: { title: "About them" } });
    expect(hook.result.current.status).toBe("");
  });

  it("says so when the file already held this document", async () => {
    scriptApi(() => ({ body: { version: "v1", changed: false } }));
    const { hook } = setup();
    await act(() => hook.result.current.save());
    expect(hook.result.current.status).toBe("No changes to save");
  });

  it("refuses at once, without a request, on problems found in this very document", async () => {
    const sent = scriptApi(() => ({ body: {} }));
    const { hook } = setup([problem], true);
    await act(() => hook.result.current.save());
    expect(sent).toEqual([]);
    expect(hook.result.current.refused).toEqual([problem]);
  });

  it("shows the problems the server refused the document for", async () => {
    scriptApi(() => ({ status: 422, body: { error: editorErrors.invalid, problems: [problem] } }));
    const { hook } = setup([problem], false);
    await act(() => hook.result.current.save());
    expect(hook.result.current.refused).toEqual([problem]);
    act(() => hook.result.current.dismissRefused());
    expect(hook.result.current.refused).toBeNull();
  });

  it("shows the document merged with changes saved meanwhile, and says so in the catalogue's words", async () => {
    const merged = { title: "About us", description: "Theirs" };
    scriptApi(() => ({ body: { version: "v3", changed: true, merged } }));
    const { hook, adopt, markSaved } = setup();
    await act(() => hook.result.current.save());
    expect(adopt).toHaveBeenCalledWith(value, merged, "v3");
    expect(markSaved).not.toHaveBeenCalled();
    expect(editorErrors.merged.message).toBe("Saved, merged with changes made meanwhile");
  });

  it("lists the fields both changed, and sends the choices made with the same version and base", async () => {
    const conflict = { path: "/title", field: "Title", base: "About", theirs: "About them", mine: "About us" };
    const sent = scriptApi(({ body }) =>
      (body as { choices?: unknown }).choices
        ? { body: { version: "v3", changed: true, merged: value } }
        : { status: 409, body: { error: editorErrors.conflict, version: "v2", conflicts: [conflict] } },
    );
    const { hook } = setup();
    await act(() => hook.result.current.save());
    expect(hook.result.current.conflicts).toEqual([conflict]);
    await act(() => hook.result.current.save({ "/title": "mine" }));
    expect(sent.map((request) => request.body)).toEqual([
      { file: FILE, value, version: "v1", base: saved.value },
      { file: FILE, value, version: "v1", base: saved.value, choices: { "/title": "mine" } },
    ]);
    expect(hook.result.current.conflicts).toBeNull();
  });

  it("sends no base for a draft kept without one: the server then asks about every field that differs", async () => {
    const sent = scriptApi(() => ({ body: { version: "v2", changed: true } }));
    const { hook } = setup([], false, { ...saved, baseUnknown: true });
    await act(() => hook.result.current.save());
    expect(sent.map((request) => request.body)).toEqual([{ file: FILE, value, version: "v1" }]);
  });

  it("shows any other refusal in the status line, in the catalogue's words: what happened and what to do", async () => {
    scriptApi(() => ({ status: 403, body: { error: editorErrors.badToken } }));
    const { hook } = setup();
    await act(() => hook.result.current.save());
    expect(hook.result.current.status).toBe(
      "Write refused: The editor was restarted since this tab was opened, so its key is no longer valid. Reload the tab; unsaved changes are kept.",
    );
  });
});
