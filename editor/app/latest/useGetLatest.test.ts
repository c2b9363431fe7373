import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DRAFT_KEY_PREFIX } from "../../protocol.ts";
import { editorErrors, editorGitErrors, editorHistoryLines, messageOf } from "../../../contract/errors.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { useGetLatest } from "./useGetLatest.ts";

const ABOUT = "site-config/pages/about.json";
const PET = "site-config/pages/industries/pet-insurance.json";

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function setup() {
  const onUpdated = vi.fn();
  const hook = renderHook(() => useGetLatest(onUpdated));
  return { hook, onUpdated };
}

describe("useGetLatest: the latest site, never over an edit", () => {
  it("asks the server, says how many changes came in, and hands their files to the views", async () => {
    const sent = scriptApi(() => ({ body: { updated: true, files: [ABOUT, PET] } }));
    const { hook, onUpdated } = setup();
    await act(() => hook.result.current.run());
    expect(sent).toEqual([{ method: "POST", url: "/api/get-latest", body: {} }]);
    expect(hook.result.current.outcome).toEqual({
      done: { title: "Latest site", message: "2 new changes", hint: editorHistoryLines.updated.hint },
    });
    expect(onUpdated).toHaveBeenCalledWith([ABOUT, PET]);
    expect(hook.result.current.updates).toBe(1);
    expect(hook.result.current.busy).toBe(false);
  });

  it("asks which value to keep of each field both changed, then runs again with the choices and says what it merged", async () => {
    const asked = editorGitErrors.latestConflicts;
    const message = messageOf(asked, { files: [PET] });
    const conflicts = [
      {
        file: PET,
        conflicts: [{ path: "/title", field: "Title", base: "Pets", theirs: "Pet care", mine: "Pet cover" }],
      },
    ];
    const sent = scriptApi(({ body }) =>
      (body as { choices?: unknown }).choices
        ? { body: { updated: true, files: [ABOUT, PET], merged: [PET] } }
        : {
            status: 409,
            body: { error: { code: asked.code, title: asked.title, message, hint: asked.hint }, conflicts },
          },
    );
    const { hook, onUpdated } = setup();
    await act(() => hook.result.current.run());
    expect(hook.result.current.choosing).toEqual({
      words: { title: asked.title, message, hint: asked.hint },
      files: conflicts,
    });
    expect(hook.result.current.outcome).toBeNull();
    expect(onUpdated).not.toHaveBeenCalled();

    await act(() => hook.result.current.run({ [PET]: { "/title": "mine" } }));
    expect(sent.map((request) => request.body)).toEqual([{}, { choices: { [PET]: { "/title": "mine" } } }]);
    expect(hook.result.current.choosing).toBeNull();
    expect(hook.result.current.outcome).toEqual({
      done: {
        title: "Latest site",
        message: `2 new changes, merged field by field with your edits to ${PET}`,
        hint: editorHistoryLines.merged.hint,
      },
    });
    expect(onUpdated).toHaveBeenCalledWith([ABOUT, PET]);
  });

  it("says when the site was already up to date, and reloads nothing", async () => {
    scriptApi(() => ({ body: { updated: false, files: [] } }));
    const { hook, onUpdated } = setup();
    await act(() => hook.result.current.run());
    expect(hook.result.current.outcome?.done?.message).toBe("You already have the latest site");
    expect(onUpdated).not.toHaveBeenCalled();
    expect(hook.result.current.updates).toBe(0);
  });

  it("refuses in the tab, without a request, while any file has unsaved edits", async () => {
    localStorage.setItem(`${DRAFT_KEY_PREFIX}${PET}`, JSON.stringify({ version: "v1", value: {} }));
    localStorage.setItem(`${DRAFT_KEY_PREFIX}${ABOUT}`, JSON.stringify({ version: "v1", value: {} }));
    localStorage.setItem("another-key", "1");
    const sent = scriptApi(() => ({ body: {} }));
    const { hook, onUpdated } = setup();
    await act(() => hook.result.current.run());
    expect(sent).toEqual([]);
    expect(hook.result.current.outcome).toEqual({
      refused: {
        title: "Unsaved edits",
        message: `Get latest was not started: these files have unsaved edits: ${ABOUT}, ${PET}`,
        hint: editorHistoryLines.unsaved.hint,
      },
    });
    expect(onUpdated).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the catalogue's words, and the editor's own when no answer came", async () => {
    const blocked = editorGitErrors.latestBlocked;
    const message = messageOf(blocked, { files: [PET] });
    scriptApi(() => ({
      status: 409,
      body: { error: { code: blocked.code, title: blocked.title, message, hint: blocked.hint } },
    }));
    const { hook } = setup();
    await act(() => hook.result.current.run());
    expect(hook.result.current.outcome).toEqual({ refused: { title: blocked.title, message, hint: blocked.hint } });
    act(() => hook.result.current.dismiss());
    expect(hook.result.current.outcome).toBeNull();

    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await act(() => hook.result.current.run());
    const { title, message: failed, hint } = editorErrors.failed;
    expect(hook.result.current.outcome).toEqual({ refused: { title, message: failed, hint } });
  });
});
