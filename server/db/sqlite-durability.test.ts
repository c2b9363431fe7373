// @vitest-environment node
import fs from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { leadApiErrors } from "../../contract/errors.ts";
import { VALID_LEAD } from "../../tests/support/lead-api-suite.ts";
import { createSqliteStore } from "./sqlite.ts";
import type { LeadStore, NewLead } from "./store.ts";
import type { Fsync } from "./wal-sync.ts";

interface HeldDisk {
  fsync: Fsync;
  readonly pending: number;
  finish(error?: NodeJS.ErrnoException): void;
}
const held: HeldDisk[] = [];

/** An fsync the test finishes by hand: `finish()` runs the real fsync of the oldest call that is still pending. */
function heldFsync(): HeldDisk {
  const pending: Parameters<Fsync>[] = [];
  const fsync: Fsync = (fd, done) => pending.push([fd, done]);
  const disk: HeldDisk = {
    fsync,
    get pending() {
      return pending.length;
    },
    finish(error?: NodeJS.ErrnoException) {
      const [fd, done] = pending.shift() ?? [];
      if (fd === undefined || !done) throw new Error("no fsync is pending");
      if (error) done(error);
      else fs.fsync(fd, done);
    },
  };
  held.push(disk);
  return disk;
}

/** Lets the callbacks queued so far run: a promise still pending afterwards is waiting for something else. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Whether a promise has resolved yet. */
function tracked<T>(promise: Promise<T>) {
  const state = { done: false };
  promise.then(
    () => (state.done = true),
    () => undefined,
  );
  return state;
}

const lead = (key: string, id: string): NewLead => ({
  id,
  lead: { ...VALID_LEAD, industry: "Insurance" },
  createdAt: Date.parse("2026-03-02T09:00:00.000Z"),
  idempotencyKey: key,
  response: { status: 201, body: { success: true, data: { id } } },
  outboxChannels: [],
});

const open: LeadStore[] = [];
afterEach(async () => {
  // A store closes once its commits are on disk: let the fsyncs a failed test left waiting go.
  for (const disk of held.splice(0)) while (disk.pending > 0) disk.finish();
  await Promise.all(open.splice(0).map((store) => store.close().catch(() => undefined)));
});

function storeWith(fsync: Fsync) {
  const store = createSqliteStore(path.join(mkdtempSync(path.join(tmpdir(), "voxa-durable-")), "leads.db"), { fsync });
  open.push(store);
  return store;
}

describe("SQLite store: a lead is answered only once its commit is on disk", () => {
  it("keeps the lead and its key waiting until the WAL's fsync returns; a retry meanwhile is told to wait", async () => {
    const disk = heldFsync();
    const store = storeWith(disk.fsync);
    expect(await store.claim("key-0001", "fp-a", 0, -1)).toEqual({ kind: "claimed" });
    const saved = tracked(store.saveLead(lead("key-0001", "lead-1")));
    await settled();
    expect(disk.pending).toBe(1);
    expect(saved.done).toBe(false);
    // The row is committed but not yet durable: a retry must not be replayed an answer the disk could still lose.
    expect(await store.claim("key-0001", "fp-a", 0, -1)).toEqual({ kind: "in-flight" });
    expect(await store.claim("key-0001", "fp-b", 0, -1)).toEqual({ kind: "mismatch" });

    disk.finish();
    await expect.poll(() => saved.done).toBe(true);
    expect(await store.claim("key-0001", "fp-a", 0, -1)).toEqual({
      kind: "replay",
      response: { status: 201, body: { success: true, data: { id: "lead-1" } } },
    });
  });

  it("commits the leads that arrive during an fsync together, and answers them after the next one", async () => {
    const disk = heldFsync();
    const store = storeWith(disk.fsync);
    await store.claim("key-0000", "fp", 0, -1);
    const first = tracked(store.saveLead(lead("key-0000", "lead-0")));
    await settled();
    const later: { done: boolean }[] = [];
    for (const n of [1, 2, 3]) {
      await store.claim(`key-000${n}`, "fp", 0, -1);
      later.push(tracked(store.saveLead(lead(`key-000${n}`, `lead-${n}`))));
      await settled();
    }
    expect(disk.pending).toBe(1);
    expect(await store.countLeads()).toBe(1);

    disk.finish();
    await expect.poll(() => first.done).toBe(true);
    expect(later.map((save) => save.done)).toEqual([false, false, false]);
    // Committed now (or once a checkpoint under way is done), and waiting for the next fsync.
    await expect.poll(() => disk.pending).toBe(1);
    expect(await store.countLeads()).toBe(4);
    disk.finish();
    await expect.poll(() => later.every((save) => save.done)).toBe(true);
    expect(disk.pending).toBe(0);
  });

  it("closes only once the leads it was given are on disk, including those waiting for their commit", async () => {
    const disk = heldFsync();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "voxa-close-")), "leads.db");
    const store = createSqliteStore(file, { fsync: disk.fsync });
    await store.claim("key-0001", "fp", 0, -1);
    const first = tracked(store.saveLead(lead("key-0001", "lead-1")));
    await settled();
    await store.claim("key-0002", "fp", 0, -1);
    const second = tracked(store.saveLead(lead("key-0002", "lead-2")));
    await settled();
    const closed = tracked(store.close());
    disk.finish();
    await expect.poll(() => first.done).toBe(true);
    expect(closed.done).toBe(false);
    await expect.poll(() => disk.pending).toBe(1);
    disk.finish();
    await expect.poll(() => closed.done).toBe(true);
    expect(second.done).toBe(true);
    const reopened = createSqliteStore(file);
    open.push(reopened);
    expect(await reopened.countLeads()).toBe(2);
  });

  it("sends no outbox message before its lead is on disk", async () => {
    const disk = heldFsync();
    const store = storeWith(disk.fsync);
    await store.claim("key-0001", "fp", 0, -1);
    const saved = tracked(store.saveLead({ ...lead("key-0001", "lead-1"), outboxChannels: ["webhook"] }));
    await settled();
    const leased = tracked(store.leaseOutbox(1, 60_000, 10, ["webhook"]));
    await settled();
    expect(leased.done).toBe(false);
    disk.finish();
    await expect.poll(() => saved.done).toBe(true);
    expect(leased.done).toBe(false);
    disk.finish();
    await expect.poll(() => leased.done).toBe(true);
  });

  it("fails every waiting and later call once an fsync has failed: nothing unsure is acknowledged or replayed", async () => {
    const disk = heldFsync();
    const store = storeWith(disk.fsync);
    await store.claim("key-0001", "fp", 0, -1);
    const saved = store.saveLead(lead("key-0001", "lead-1"));
    await settled();
    disk.finish(Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" }));
    await expect(saved).rejects.toThrow(/fsync of .*leads\.db-wal failed: EIO/);
    await expect(saved).rejects.toMatchObject({ code: leadApiErrors.walSyncFailed.code });
    await expect(store.claim("key-0001", "fp", 0, -1)).rejects.toThrow(/fsync .* failed/);
    await expect(store.claim("key-0002", "fp", 0, -1)).rejects.toThrow(/fsync .* failed/);
  });

  it("copies committed pages into the database file from its own thread", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "voxa-checkpoint-")), "leads.db");
    const store = createSqliteStore(file);
    open.push(store);
    const before = fs.statSync(file).size;
    for (let n = 0; n < 200; n++) {
      const key = `checkpoint-key-${n}`;
      await store.claim(key, "fp", 0, -1);
      await store.saveLead(lead(key, `lead-${n}`));
    }
    // Far below the 1,000 pages at which SQLite's own checkpoint would run: only the checkpoint thread grows the file.
    await expect.poll(() => fs.statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before);
  });
});
