import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCK_HEARTBEAT_MS } from "../../protocol.ts";
import { messageOf, teamLockLines } from "../../../contract/errors.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { useSoftLock } from "./useSoftLock.ts";

const FILE = "site-config/pages/about.json";
const MIA = { email: "mia@company.com", name: "Mia Wong" };
const BOB = { email: "bob@company.com", name: "Bob Smith" };

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the answered requests' promises settle under fake timers. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe("a page's soft lock in the tab", () => {
  it("holds the page on the first edit, not on opening, and sends a heartbeat every 20 seconds until it leaves", async () => {
    const sent = scriptApi(({ method }) => ({
      body: { file: FILE, holder: method === "GET" ? null : MIA, mine: method !== "GET" },
    }));
    const { result, unmount } = renderHook(() =>
      useSoftLock({ me: MIA.email, file: FILE, writes: true, onTaken: () => undefined }),
    );
    await settle();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /api/lock?file=${encodeURIComponent(FILE)}`,
    ]);
    act(() => void expect(result.current.claim()).toBe(true));
    act(() => void result.current.claim());
    await settle();
    expect(sent.slice(1)).toEqual([{ method: "POST", url: "/api/lock", body: { file: FILE } }]);
    await act(() => vi.advanceTimersByTimeAsync(LOCK_HEARTBEAT_MS * 3));
    expect(sent.slice(1).map((request) => request.url)).toEqual(["/api/lock", "/api/lock", "/api/lock", "/api/lock"]);
    unmount();
    expect(sent.at(-1)).toEqual({ method: "POST", url: "/api/lock/release", body: { file: FILE } });
  });

  it("reads someone else's lock as read-only and refuses edits; taking over asks the server", async () => {
    const sent = scriptApi(({ method, url }) =>
      method === "GET"
        ? { body: { file: FILE, holder: MIA, mine: false } }
        : url.endsWith("take-over")
          ? { body: { file: FILE, holder: BOB, mine: true } }
          : { status: 423, body: { error: { message: messageOf(teamLockLines.lockedByOther, MIA) } } },
    );
    const { result } = renderHook(() =>
      useSoftLock({ me: BOB.email, file: FILE, writes: true, onTaken: () => undefined }),
    );
    await settle();
    expect(result.current.holder).toEqual(MIA);
    act(() => void expect(result.current.claim()).toBe(false));
    await act(() => result.current.takeOver());
    expect(result.current.holder).toBeNull();
    expect(sent.at(-1)).toEqual({ method: "POST", url: "/api/lock/take-over", body: { file: FILE } });
  });

  it("hears at once that its page was taken over: it becomes read-only and keeps its edits", async () => {
    scriptApi(({ method }) => ({
      body: { file: FILE, holder: method === "GET" ? null : MIA, mine: method !== "GET" },
    }));
    const onTaken = vi.fn();
    const { result } = renderHook(() => useSoftLock({ me: MIA.email, file: FILE, writes: true, onTaken }));
    await settle();
    act(() => void result.current.claim());
    await settle();
    act(() => result.current.onLockEvent({ file: FILE, holder: BOB, takenFrom: MIA.email }));
    expect(onTaken).toHaveBeenCalledTimes(1);
    expect({ holder: result.current.holder, taken: result.current.taken }).toEqual({ holder: BOB, taken: true });
  });
});
