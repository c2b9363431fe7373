import { afterEach, describe, expect, it } from "vitest";
import type { TeamStore } from "./store.ts";

export interface OpenedStore {
  store: TeamStore;
  /** Runs SQL on the database behind the store, as someone with a database client would. */
  exec: (sql: string) => Promise<unknown>;
}

const AT = Date.parse("2026-11-28T09:00:00Z");

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
  });
}
