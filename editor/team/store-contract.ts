import { afterEach, describe, expect, it } from "vitest";
import type { NewSchedule } from "./schedule-rows.ts";
import type { TeamStore } from "./store.ts";

export interface OpenedStore {
  store: TeamStore;
  /** Runs SQL on the database behind the store, as someone with a database client would. */
  exec: (sql: string) => Promise<unknown>;
}

const AT = Date.parse("2026-11-28T09:00:00Z");
const HOUR = 3_600_000;

/** Request `number` to be merged at `at`, as a publisher schedules it. */
const newSchedule = (number: number, at: number): NewSchedule => ({
  kind: "publish",
  request: { number, title: `Request ${number}` },
  requestUrl: `https://github.example.test/voxa/site/pull/${number}`,
  baseBranch: "main",
  author: { name: "Bob Smith", email: "bob@example.com" },
  localTime: "2026-11-28T11:00",
  timeZone: "Europe/Berlin",
  at,
  scheduledBy: { name: "Pat Publisher", email: "pat@example.com" },
  createdAt: AT,
});

/** What every team store does, whatever its database: the SQLite and PostgreSQL tests run the same cases. */
export function teamStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(`team store (${name})`, () => {
    const opened: TeamStore[] = [];
    const fresh = async () => {
      const result = await open();
      opened.push(result.store);
      return result;
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    it("keeps, refreshes and ends sessions, one or all of a person's", async () => {
      const { store } = await fresh();
      const session = (idHash: string, email: string) =>
        store.createSession({
          idHash,
          email,
          name: "Bob",
          role: "author",
          csrfToken: `csrf-${idHash}`,
          createdAt: AT,
          lastSeenAt: AT,
        });
      await session("s1", "bob@example.com");
      await session("s2", "bob@example.com");
      await session("s3", "ada@example.com");
      await store.touchSession("s1", AT + 5);
      expect(await store.findSession("s1")).toEqual({
        idHash: "s1",
        email: "bob@example.com",
        name: "Bob",
        role: "author",
        csrfToken: "csrf-s1",
        createdAt: AT,
        lastSeenAt: AT + 5,
      });
      await store.deleteSession("s3");
      expect(await store.findSession("s3")).toBeUndefined();
      expect(await store.deleteSessionsOf("bob@example.com")).toBe(2);
      expect(await store.findSession("s1")).toBeUndefined();
    });

    it("gives a link token's address once, and none once expired", async () => {
      const { store } = await fresh();
      await store.saveLinkToken("t1", "bob@example.com", AT + 1000);
      await store.saveLinkToken("t2", "bob@example.com", AT + 1000);
      const [first, second] = await Promise.all([store.takeLinkToken("t1", AT), store.takeLinkToken("t1", AT)]);
      expect([first, second].sort()).toEqual(["bob@example.com", undefined]);
      expect(await store.takeLinkToken("t2", AT + 1000)).toBeUndefined();
      expect(await store.takeLinkToken("unknown", AT)).toBeUndefined();
    });

    it("gives a sign-in flow once, and none once expired", async () => {
      const { store } = await fresh();
      const flow = { idHash: "f1", state: "s", nonce: "n", codeVerifier: "v", expiresAt: AT + 1000 };
      await store.saveFlow(flow);
      await store.saveFlow({ ...flow, idHash: "f2" });
      expect(await store.takeFlow("f1", AT)).toEqual(flow);
      expect(await store.takeFlow("f1", AT)).toBeUndefined();
      expect(await store.takeFlow("f2", AT + 1000)).toBeUndefined();
    });

    it("counts a key's attempts within the window", async () => {
      const { store } = await fresh();
      expect(await store.countAttempt("client:10.0.0.1", AT, AT - 100)).toBe(1);
      expect(await store.countAttempt("client:10.0.0.1", AT + 50, AT - 50)).toBe(2);
      expect(await store.countAttempt("client:10.0.0.2", AT + 50, AT - 50)).toBe(1);
      expect(await store.countAttempt("client:10.0.0.1", AT + 200, AT + 40)).toBe(2);
    });

    it("reads the audit log by person, page and day, and refuses to change it", async () => {
      const { store, exec } = await fresh();
      await store.appendAudit({ at: AT, action: "save", person: "bob@example.com", page: "p.json", detail: {} });
      await store.appendAudit({ at: AT + 86_400_000, action: "sign-in-failed", detail: { reason: "state mismatch" } });
      await store.appendAudit({
        at: AT + 86_400_000,
        action: "publish",
        person: "bob@example.com",
        detail: { request: 7 },
      });
      expect((await store.queryAudit({ person: "bob@example.com" })).map((e) => e.action)).toEqual(["save", "publish"]);
      expect(await store.queryAudit({ page: "p.json" })).toEqual([
        { at: AT, action: "save", person: "bob@example.com", page: "p.json", detail: {} },
      ]);
      expect((await store.queryAudit({ day: "2026-11-29" })).map((e) => e.detail)).toEqual([
        { reason: "state mismatch" },
        { request: 7 },
      ]);
      expect((await store.queryAudit({})).length).toBe(3);
      await expect(exec("UPDATE team_audit SET person = 'eve@evil.example'")).rejects.toThrow(
        "the audit log is append-only",
      );
      await expect(exec("DELETE FROM team_audit")).rejects.toThrow("the audit log is append-only");
    });

    it("replaces a person's drafts as a whole, bytes as they were, each replacement a new revision", async () => {
      const { store } = await fresh();
      expect(await store.draftsOf("bob@example.com")).toEqual({ revision: 0, drafts: [] });
      const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
      expect(
        await store.replaceDrafts(
          "bob@example.com",
          [
            { file: "site-config/pages/about.json", content: Buffer.from('{ "title": "About" }\n') },
            { file: "public/media/team.png", content: image },
            { file: "site-config/pages/old.json", content: null },
          ],
          AT,
        ),
      ).toBe(1);
      await store.replaceDrafts(
        "ada@example.com",
        [{ file: "site-config/site.json", content: Buffer.from("{}") }],
        AT + 9,
      );
      expect(await store.draftsOf("bob@example.com")).toEqual({
        revision: 1,
        drafts: [
          { file: "public/media/team.png", content: image },
          { file: "site-config/pages/about.json", content: Buffer.from('{ "title": "About" }\n') },
          { file: "site-config/pages/old.json", content: null },
        ],
      });
      expect(await store.draftsOfFile("site-config/pages/about.json")).toEqual([
        {
          person: "bob@example.com",
          file: "site-config/pages/about.json",
          content: Buffer.from('{ "title": "About" }\n'),
          updatedAt: AT,
        },
      ]);
      expect(await store.replaceDrafts("bob@example.com", [], AT + 5)).toBe(2);
      expect(await store.draftsOfFile("site-config/pages/about.json")).toEqual([]);
      expect(await store.draftsOf("bob@example.com")).toEqual({ revision: 2, drafts: [] });
      expect(await store.draftRevision("bob@example.com")).toBe(2);
      expect((await store.draftsOf("ada@example.com")).drafts.map((d) => d.file)).toEqual(["site-config/site.json"]);
    });

    it("keeps each person's e-mail notices, all on until they turn one off", async () => {
      const { store } = await fresh();
      expect(await store.noticePreferences("bob@example.com")).toEqual({ reviewRequested: true, ownRequests: true });
      await store.setNoticePreferences("bob@example.com", { reviewRequested: false, ownRequests: true }, AT);
      await store.setNoticePreferences("ada@example.com", { reviewRequested: true, ownRequests: false }, AT);
      expect(await store.noticePreferences("bob@example.com")).toEqual({ reviewRequested: false, ownRequests: true });
      await store.setNoticePreferences("bob@example.com", { reviewRequested: false, ownRequests: false }, AT + 5);
      expect(await store.noticePreferences("bob@example.com")).toEqual({ reviewRequested: false, ownRequests: false });
      expect(await store.noticePreferences("ada@example.com")).toEqual({ reviewRequested: true, ownRequests: false });
    });

    it("holds a page's lock for its first claimant, renews it on their heartbeat, and lets it lapse", async () => {
      const { store } = await fresh();
      const file = "site-config/pages/about.json";
      const mia = { file, holder: "mia@example.com", name: "Mia Wong" };
      const bob = { file, holder: "bob@example.com", name: "Bob Smith" };
      const lapse = 180_000;
      const at = (when: number) => ({ at: when, lapsedBefore: when - lapse });
      expect(await store.findLock(file)).toBeUndefined();
      const held = { file, holder: "mia@example.com", name: "Mia Wong", heartbeatAt: AT };
      expect(await store.holdLock({ ...mia, ...at(AT) })).toEqual(held);
      // Someone else's claim changes nothing while Mia's lock is live: it answers hers.
      expect(await store.holdLock({ ...bob, ...at(AT + 1000) })).toEqual(held);
      expect(await store.holdLock({ ...mia, ...at(AT + 20_000) })).toEqual({ ...held, heartbeatAt: AT + 20_000 });
      // Three minutes without a heartbeat: the lock has lapsed, and the next claimant holds it.
      expect(await store.holdLock({ ...bob, ...at(AT + 20_000 + lapse) })).toEqual({
        file,
        holder: "bob@example.com",
        name: "Bob Smith",
        heartbeatAt: AT + 20_000 + lapse,
      });
      await store.releaseLock(file, "mia@example.com");
      expect((await store.findLock(file))?.holder).toBe("bob@example.com");
      await store.releaseLock(file, "bob@example.com");
      expect(await store.findLock(file)).toBeUndefined();
    });

    it("takes over a live lock, recording whom from, which the taker's heartbeats keep", async () => {
      const { store } = await fresh();
      const file = "site-config/pages/about.json";
      const mia = { file, holder: "mia@example.com", name: "Mia Wong" };
      const bob = { file, holder: "bob@example.com", name: "Bob Smith" };
      const at = (when: number) => ({ at: when, lapsedBefore: when - 180_000 });
      await store.holdLock({ ...mia, ...at(AT) });
      const taken = {
        file,
        holder: "bob@example.com",
        name: "Bob Smith",
        heartbeatAt: AT + 5000,
        takenFrom: "mia@example.com",
        takenAt: AT + 5000,
      };
      expect(await store.takeOverLock({ ...bob, ...at(AT + 5000) })).toEqual(taken);
      expect(await store.holdLock({ ...bob, ...at(AT + 25_000) })).toEqual({ ...taken, heartbeatAt: AT + 25_000 });
      expect(await store.holdLock({ ...mia, ...at(AT + 26_000) })).toEqual({ ...taken, heartbeatAt: AT + 25_000 });
      // Mia takes it back: taken from Bob now.
      expect(await store.takeOverLock({ ...mia, ...at(AT + 30_000) })).toMatchObject({
        holder: "mia@example.com",
        takenFrom: "bob@example.com",
        takenAt: AT + 30_000,
      });
      // A lapsed lock taken over is taken from nobody.
      expect(await store.takeOverLock({ ...bob, ...at(AT + 30_000 + 180_000) })).toEqual({
        file,
        holder: "bob@example.com",
        name: "Bob Smith",
        heartbeatAt: AT + 210_000,
      });
    });

    it("keeps a schedule as given, one unfinished per request, changed or cancelled only while it waits", async () => {
      const { store } = await fresh();
      const added = await store.addSchedule(newSchedule(7, AT + HOUR));
      expect(added).toEqual({
        id: expect.any(Number),
        kind: "publish",
        request: { number: 7, title: "Request 7" },
        requestUrl: "https://github.example.test/voxa/site/pull/7",
        baseBranch: "main",
        author: { name: "Bob Smith", email: "bob@example.com" },
        localTime: "2026-11-28T11:00",
        timeZone: "Europe/Berlin",
        at: AT + HOUR,
        state: "waiting",
        scheduledBy: { name: "Pat Publisher", email: "pat@example.com" },
        createdAt: AT,
        updatedAt: AT,
      });
      const id = added!.id;
      expect(await store.addSchedule(newSchedule(7, AT + 2 * HOUR))).toBeUndefined();
      expect((await store.unfinishedScheduleOf(7, "publish"))?.id).toBe(id);
      const ada = { name: "Ada Admin", email: "ada@example.com" };
      const later = { localTime: "2026-11-28T12:00", timeZone: "Europe/Berlin", at: AT + 2 * HOUR };
      expect(await store.changeSchedule(id, later, ada, AT + 5)).toMatchObject({
        ...later,
        state: "waiting",
        scheduledBy: ada,
        updatedAt: AT + 5,
      });
      expect(await store.cancelSchedule(id, AT + 6)).toMatchObject({ state: "cancelled", updatedAt: AT + 6 });
      expect(await store.cancelSchedule(id, AT + 7)).toBeUndefined();
      expect(await store.changeSchedule(id, later, ada, AT + 7)).toBeUndefined();
      expect(await store.retrySchedule(id, later, ada, AT + 7)).toBeUndefined();
      expect(await store.unfinishedScheduleOf(7, "publish")).toBeUndefined();
      // Cancelled, the request may be scheduled again.
      expect(await store.addSchedule(newSchedule(7, AT + 3 * HOUR))).toMatchObject({ state: "waiting" });
      expect(await store.findSchedule(id)).toMatchObject({ state: "cancelled" });
      expect(await store.findSchedule(9999)).toBeUndefined();
    });

    it("keeps what a take-down names, one unfinished per change beside the change's own publication", async () => {
      const { store } = await fresh();
      const { request: _request, requestUrl: _url, ...time } = newSchedule(7, AT + HOUR);
      const page = {
        file: "site-config/pages/winter-offer.json",
        path: "/winter-offer",
        title: "Winter",
        redirectTo: "/",
      };
      const pages = await store.addSchedule({ ...time, kind: "take-down", takeDown: { pages: [page] } });
      expect(pages).toMatchObject({ kind: "take-down", takeDown: { pages: [page] }, state: "waiting" });
      expect(pages).not.toHaveProperty("request");
      // Pages name no request: another take-down of pages is another schedule.
      expect(await store.addSchedule({ ...time, kind: "take-down", takeDown: { pages: [page] } })).toBeDefined();
      const change = { pages: [], change: { number: 7, title: "Request 7", redirectTo: "/pricing" } };
      expect(await store.addSchedule(newSchedule(7, AT + HOUR))).toBeDefined();
      const undo = await store.addSchedule({ ...time, kind: "take-down", takeDown: change });
      expect(undo).toMatchObject({ kind: "take-down", takeDown: change });
      expect(await store.addSchedule({ ...time, kind: "take-down", takeDown: change })).toBeUndefined();
      expect((await store.unfinishedScheduleOf(7, "take-down"))?.id).toBe(undo!.id);
      expect((await store.unfinishedScheduleOf(7, "publish"))?.kind).toBe("publish");
    });

    it("gives a due schedule to one claimant, another's only once its lease lapsed, and ends it for its holder", async () => {
      const { store } = await fresh();
      const first = (await store.addSchedule(newSchedule(7, AT + HOUR)))!;
      const second = (await store.addSchedule(newSchedule(8, AT + 2 * HOUR)))!;
      expect(await store.nextScheduleAt()).toBe(AT + HOUR);
      expect(await store.claimDueSchedule({ now: AT + HOUR - 1, by: "a", until: AT + 2 * HOUR })).toBeUndefined();
      const lease = 300_000;
      const now = AT + 2 * HOUR;
      // Both due: two claimants at once take one each, the earlier first.
      const [x, y, z] = await Promise.all(
        ["a", "b", "c"].map((by) => store.claimDueSchedule({ now, by, until: now + lease })),
      );
      const claimed = [x, y, z].filter((one) => one !== undefined);
      expect(claimed.map((one) => one.id).sort()).toEqual([first.id, second.id].sort());
      expect(claimed.every((one) => one.state === "running")).toBe(true);
      const holderOf = (id: number) => ["a", "b", "c"][[x, y, z].findIndex((one) => one?.id === id)]!;
      expect(await store.nextScheduleAt()).toBe(now + lease);
      // A running schedule is not changed nor cancelled.
      expect(await store.cancelSchedule(first.id, now)).toBeUndefined();
      // Its claimant's lease lapsed (the instance was killed): another takes it, and the first can no longer end it.
      const taken = await store.claimDueSchedule({ now: now + lease + 1, by: "d", until: now + 2 * lease });
      expect(taken?.id).toBe(first.id);
      const done = { state: "done" as const, ranAt: now + lease + 2, lateByMs: lease + 2 + HOUR };
      expect(await store.finishSchedule(first.id, holderOf(first.id), done)).toBeUndefined();
      expect(await store.finishSchedule(first.id, "d", done)).toMatchObject({
        state: "done",
        ranAt: now + lease + 2,
        lateByMs: lease + 2 + HOUR,
      });
      const failure = { code: "EDIT_SCHEDULE_NOT_MERGEABLE", message: "It has a conflict." };
      expect(
        await store.finishSchedule(second.id, holderOf(second.id), {
          state: "failed",
          ranAt: now,
          lateByMs: 0,
          failure,
        }),
      ).toMatchObject({ state: "failed", failure, ranAt: now, lateByMs: 0 });
      expect(await store.nextScheduleAt()).toBeUndefined();
      // A failed one waits again at a new time when a person retries it.
      const time = { localTime: "2026-11-28T15:00", timeZone: "Europe/Berlin", at: AT + 5 * HOUR };
      const retried = await store.retrySchedule(second.id, time, { name: "Pat", email: "pat@example.com" }, now + 9);
      expect(retried).toMatchObject({ ...time, state: "waiting", updatedAt: now + 9 });
      expect(retried).not.toHaveProperty("failure");
      expect(retried).not.toHaveProperty("ranAt");
      // Listed by time: the unfinished ones, and those ended since the day given.
      expect((await store.listSchedules(now + lease + 3)).map((one) => one.id)).toEqual([second.id]);
      expect((await store.listSchedules(AT)).map((one) => one.id)).toEqual([first.id, second.id]);
    });

    it("keeps a preview's tokens by their hashes: an entry once, a pass until it expires, share links revoked once", async () => {
      const { store } = await fresh();
      await store.savePreviewToken({
        tokenHash: "e1",
        kind: "entry",
        number: 12,
        person: "ada@example.com",
        expiresAt: AT + 60_000,
      });
      await store.savePreviewToken({ tokenHash: "p1", kind: "pass", number: 12, shareId: "s1", expiresAt: AT + HOUR });
      // An entry is no pass, and a pass no entry.
      expect(await store.findPreviewPass("e1", AT)).toBeUndefined();
      expect(await store.takePreviewEntry("p1", AT)).toBeUndefined();
      expect(await store.takePreviewEntry("e1", AT)).toEqual({
        tokenHash: "e1",
        kind: "entry",
        number: 12,
        person: "ada@example.com",
        expiresAt: AT + 60_000,
      });
      expect(await store.takePreviewEntry("e1", AT)).toBeUndefined();
      await store.savePreviewToken({
        tokenHash: "e2",
        kind: "entry",
        number: 12,
        person: "ada@example.com",
        expiresAt: AT + 60_000,
      });
      expect(await store.takePreviewEntry("e2", AT + 60_000)).toBeUndefined();
      expect(await store.takePreviewEntry("e2", AT)).toBeUndefined();
      expect((await store.findPreviewPass("p1", AT))?.shareId).toBe("s1");
      expect(await store.findPreviewPass("p1", AT + HOUR)).toBeUndefined();

      const share = { id: "s1", number: 12, createdBy: "pat@example.com", createdAt: AT, expiresAt: AT + 24 * HOUR };
      await store.savePreviewShare(share, "t1");
      await store.savePreviewShare({ ...share, id: "s2", createdAt: AT + 1 }, "t2");
      await store.savePreviewShare({ ...share, id: "s3", number: 13 }, "t3");
      expect(await store.previewShareByToken("t1")).toEqual(share);
      expect((await store.previewShares(12)).map(({ id }) => id)).toEqual(["s2", "s1"]);
      const revoked = { ...share, revokedBy: "ada@example.com", revokedAt: AT + 5 };
      expect(await store.revokePreviewShare("s1", "ada@example.com", AT + 5)).toEqual(revoked);
      expect(await store.revokePreviewShare("s1", "pat@example.com", AT + 9)).toEqual(revoked);
      expect(await store.previewShare("s1")).toEqual(revoked);
      expect(await store.revokePreviewShare("none", "pat@example.com", AT)).toBeUndefined();

      expect(await store.claimPreviewAnnouncement(12, AT)).toBe(true);
      expect(await store.claimPreviewAnnouncement(12, AT + 1)).toBe(false);
      expect(await store.claimPreviewAnnouncement(13, AT)).toBe(true);
    });
  });
}
