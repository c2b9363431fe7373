import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorErrors } from "../../../contract/errors.ts";
import { scriptApi } from "./test-fetch.ts";
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

function setup(problems = [] as (typeof problem)[], checked = false) {
  const markSaved = vi.fn();
  const onSaved = vi.fn();
  const hook = renderHook(() =>
    useSave({ file: FILE, value, saved, problems, isChecked: () => checked, markSaved, onSaved }),
  );
  return { hook, markSaved, onSaved };
}

describe("useSave: saving a document", () => {
  it("sends the document with the version it was made on, and says it was saved", async () => {
    const sent = scriptApi(() => ({ body: { version: "v2", changed: true } }));
    const { hook, markSaved, onSaved } = setup();
    await act(() => hook.result.current.save());
    expect(sent).toEqual([
      { method: "POST", url: "/api/save", body: { file: FILE, value, version: "v1", force: false } },
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

  it("asks what to do when the file changed on disk, and overwrites only when told to", async () => {
    const sent = scriptApi(({ body }) =>
      (body as { force: boolean }).force
        ? { body: { version: "v3", changed: true } }
        : { status: 409, body: { error: editorErrors.conflict, version: "v2" } },
    );
    const { hook } = setup();
    await act(() => hook.result.current.save());
    expect(hook.result.current.conflict.shown).toBe(true);
    await act(() => hook.result.current.save(true));
    expect(sent.map((request) => (request.body as { force: boolean }).force)).toEqual([false, true]);
    expect(hook.result.current.status).toBe("Saved");
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
