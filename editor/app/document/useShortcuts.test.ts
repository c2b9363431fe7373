import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useShortcuts } from "./useShortcuts.ts";

const press = (init: KeyboardEventInit) => {
  const event = new KeyboardEvent("keydown", { cancelable: true, ...init });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("useShortcuts: the editor's keyboard shortcuts", () => {
  it("Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Ctrl+S saves (⌘ too), each taking the key from the browser", () => {
    const calls = { undo: vi.fn(), redo: vi.fn(), save: vi.fn() };
    renderHook(() => useShortcuts(calls));
    expect(press({ key: "z", ctrlKey: true })).toBe(true);
    expect(calls.undo).toHaveBeenCalledTimes(1);
    press({ key: "Z", ctrlKey: true, shiftKey: true });
    press({ key: "y", metaKey: true });
    expect(calls.redo).toHaveBeenCalledTimes(2);
    expect(press({ key: "s", metaKey: true })).toBe(true);
    expect(calls.save).toHaveBeenCalledTimes(1);
  });

  it("leaves other keys and unmodified letters alone", () => {
    const calls = { undo: vi.fn(), redo: vi.fn(), save: vi.fn() };
    renderHook(() => useShortcuts(calls));
    expect(press({ key: "z" })).toBe(false);
    expect(press({ key: "c", ctrlKey: true })).toBe(false);
    expect([calls.undo, calls.redo, calls.save].every((call) => call.mock.calls.length === 0)).toBe(true);
  });
});
