import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DRAFT_KEY_PREFIX } from "../../protocol.ts";
import { dropDraft, readDraft, useDraftKeeping } from "./drafts.ts";

const FILE = "site-config/pages/about.json";
const saved = { version: "v1", value: { title: "About" } };

afterEach(() => localStorage.clear());

describe("drafts: unsaved edits kept in the browser", () => {
  it("keeps an edit that differs from the saved version, under the file's key, with that version and what it held", () => {
    const { result } = renderHook(() => useDraftKeeping(FILE, { title: "About us" }, saved));
    expect(result.current).toBe(true);
    const kept = { version: "v1", value: { title: "About us" }, base: { title: "About" } };
    expect(JSON.parse(localStorage.getItem(`${DRAFT_KEY_PREFIX}${FILE}`)!)).toEqual(kept);
    expect(readDraft(FILE)).toEqual(kept);
  });

  it("drops the kept draft once the document is back to its saved version", () => {
    const { rerender, result } = renderHook(({ value }) => useDraftKeeping(FILE, value, saved), {
      initialProps: { value: { title: "About us" } },
    });
    rerender({ value: { title: "About" } });
    expect(result.current).toBe(false);
    expect(readDraft(FILE)).toBeNull();
  });

  it("asks before the tab is left with unsaved edits, and not otherwise", () => {
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { rerender } = renderHook(({ value }) => useDraftKeeping(FILE, value, saved), {
      initialProps: { value: { title: "About us" } },
    });
    expect(leave()).toBe(true);
    rerender({ value: { title: "About" } });
    expect(leave()).toBe(false);
  });

  it("forgets a draft on request", () => {
    localStorage.setItem(`${DRAFT_KEY_PREFIX}${FILE}`, JSON.stringify({ version: "v1", value: {} }));
    dropDraft(FILE);
    expect(readDraft(FILE)).toBeNull();
  });
});
