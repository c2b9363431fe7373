// @vitest-environment node
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { sessionKeeper, type SessionLimits } from "./sessions.ts";
import { ORIGIN, teamServer, testClock } from "../../tests/support/editor/team/test-support.ts";
import { hashSecret } from "./secrets.ts";

const LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 8 * 3_600_000 };
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function setup() {
  const clock = testClock();
  const server = await teamServer({ now: clock.now, limits: LIMITS });
  closers.push(
    () => server.app.close(),
    () => server.store.close(),
  );
  const keeper = sessionKeeper(server.store, LIMITS, clock.now);
  const signIn = async (email: string, role: "viewer" | "author" | "publisher" | "admin") => {
    const id = await keeper.start(email, role);
    const cookie = `editor-session=${id}`;
    const session = await server.app.inject({ method: "GET", url: "/team/session", headers: { cookie } });
    return { id, cookie, csrf: (session.json() as { csrfToken: string }).csrfToken };
  };
  return { ...server, clock, signIn };
}

const write = (cookie: string, csrf: string | undefined, url = "/api/save", origin: string | null = ORIGIN) => ({
  method: "POST" as const,
  url,
  headers: {
    cookie,
    ...(origin === null ? {} : { origin }),
    ...(csrf === undefined ? {} : { "x-editor-token": csrf }),
  },
  payload: {},
});

const SIGN_IN_REQUIRED = {
  error: {
    code: "TEAM_SIGN_IN_REQUIRED",
    title: "Not signed in",
    message: "Sign in to use the editor",
    hint: "Sign in again: the session ended (signed out, idle too long, too old, or ended by an admin).",
  },
};

describe("team sessions", () => {
  it("answers the session's person, role and CSRF token, and refuses a request without a session", async () => {
    const { app, signIn } = await setup();
    const { cookie } = await signIn("ada@example.com", "admin");
    const session = await app.inject({ method: "GET", url: "/team/session", headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ email: "ada@example.com", role: "admin" });
    const none = await app.inject({ method: "GET", url: "/api/pages" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(SIGN_IN_REQUIRED);
  });

  it("stores only the hash of the session id", async () => {
    const { signIn, databaseFile } = await setup();
    const { id } = await signIn("ada@example.com", "admin");
    const db = new Database(databaseFile, { readonly: true });
    const stored = db.prepare("SELECT id_hash FROM team_sessions").pluck().all();
    db.close();
    expect(stored).toEqual([hashSecret(id)]);
  });

  it("ends a session left idle, and one past its absolute lifetime however busy", async () => {
    const { app, clock, signIn } = await setup();
    const idle = await signIn("vic@example.org", "viewer");
    clock.advance(LIMITS.idleMs - 1);
    expect((await app.inject({ method: "GET", url: "/api/pages", headers: { cookie: idle.cookie } })).statusCode).toBe(
      200,
    );
    clock.advance(LIMITS.idleMs);
    const expired = await app.inject({ method: "GET", url: "/api/pages", headers: { cookie: idle.cookie } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(SIGN_IN_REQUIRED);

    const busy = await signIn("vic@example.org", "viewer");
    // Used every 20 minutes for 7 h 40 min: never idle, then 8 hours old.
    for (let uses = 0; uses < 23; uses++) {
      clock.advance(20 * 60_000);
      const used = await app.inject({ method: "GET", url: "/api/pages", headers: { cookie: busy.cookie } });
      expect(used.statusCode).toBe(200);
    }
    clock.advance(20 * 60_000);
    const tooOld = await app.inject({ method: "GET", url: "/api/pages", headers: { cookie: busy.cookie } });
    expect(tooOld.statusCode).toBe(401);
  });

  it("ends the session on the server at sign-out: the old cookie opens nothing", async () => {
    const { app, signIn, store } = await setup();
    const { cookie, csrf } = await signIn("ada@example.com", "admin");
    const out = await app.inject(write(cookie, csrf, "/team/sign-out"));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ code: "TEAM_SIGNED_OUT", message: "You are signed out" });
    expect(out.headers["set-cookie"]).toBe("editor-session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    expect((await app.inject({ method: "GET", url: "/api/pages", headers: { cookie } })).statusCode).toBe(401);
    expect((await store.queryAudit({ person: "ada@example.com" })).map((e) => e.action)).toEqual(["sign-out"]);
  });

  it("lets an admin end every session of a person, and no one else", async () => {
    const { app, signIn } = await setup();
    const admin = await signIn("ada@example.com", "admin");
    const publisher = await signIn("pat@example.com", "publisher");
    const first = await signIn("bob@example.com", "author");
    const second = await signIn("bob@example.com", "author");
    const refused = await app.inject({
      ...write(publisher.cookie, publisher.csrf, "/team/people/sessions/end"),
      payload: { email: "bob@example.com" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: {
        code: "TEAM_ROLE_TOO_LOW",
        message: "This needs the admin role; you are publisher",
        hint: "Ask an admin for the role (editor-team.json or the people settings).",
      },
    });
    const listed = await app.inject({ method: "GET", url: "/team/people", headers: { cookie: admin.cookie } });
    expect(listed.json()).toMatchObject({
      file: "editor-team.json",
      people: { "ada@example.com": "admin", "pat@example.com": "publisher", "vic@example.org": "viewer" },
      domains: { "example.com": "author" },
    });
    expect(
      (listed.json() as { signedIn: { email: string; name: string; sessions: number }[] }).signedIn.map(
        ({ email, name, sessions }) => ({ email, name, sessions }),
      ),
    ).toEqual([
      { email: "ada@example.com", name: "Ada", sessions: 1 },
      { email: "bob@example.com", name: "Bob", sessions: 2 },
      { email: "pat@example.com", name: "Pat", sessions: 1 },
    ]);
    expect(
      (await app.inject({ method: "GET", url: "/team/people", headers: { cookie: publisher.cookie } })).statusCode,
    ).toBe(403);
    const ended = await app.inject({
      ...write(admin.cookie, admin.csrf, "/team/people/sessions/end"),
      payload: { email: "Bob@example.com" },
    });
    expect(ended.json()).toEqual({ code: "TEAM_SESSIONS_ENDED", message: "2 sessions ended" });
    for (const { cookie } of [first, second]) {
      expect((await app.inject({ method: "GET", url: "/api/pages", headers: { cookie } })).statusCode).toBe(401);
    }
  });
});

describe("writes", () => {
  it("refuse a write without the CSRF token, with a forged one, or from another origin", async () => {
    const { app, signIn } = await setup();
    const { cookie, csrf } = await signIn("bob@example.com", "author");
    const missing = await app.inject(write(cookie, undefined));
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      error: {
        code: "TEAM_CSRF_MISSING",
        message: "The request carries no CSRF token",
        hint: "Reload the editor: its page carries the session's token and sends it (X-Editor-Token) with every write.",
      },
    });
    const forged = await app.inject(write(cookie, `${csrf.slice(0, -2)}xx`));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({
      error: {
        code: "TEAM_CSRF_INVALID",
        message: "The request's CSRF token is not this session's",
        hint: "Reload the editor to get the session's token; a request from another site is refused.",
      },
    });
    const otherSession = await signIn("pat@example.com", "publisher");
    expect((await app.inject(write(cookie, otherSession.csrf))).json()).toMatchObject({
      error: { code: "TEAM_CSRF_INVALID" },
    });
    for (const origin of ["https://evil.example", null]) {
      const crossSite = await app.inject(write(cookie, csrf, "/api/save", origin));
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toMatchObject({
        error: {
          code: "TEAM_ORIGIN_REFUSED",
          message: "Writes are accepted only from the editor's own address",
          hint: "Open the editor at EDIT_TEAM_URL; a request from another site, or without an Origin header, is refused.",
        },
      });
    }
    const accepted = await app.inject(write(cookie, csrf));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ saved: true });
  });

  it("refuse a role below the route's", async () => {
    const { app, signIn } = await setup();
    const viewer = await signIn("vic@example.org", "viewer");
    const author = await signIn("bob@example.com", "author");
    const save = await app.inject(write(viewer.cookie, viewer.csrf));
    expect(save.statusCode).toBe(403);
    expect(save.json()).toMatchObject({
      error: {
        code: "TEAM_ROLE_TOO_LOW",
        message: "This needs the author role; you are viewer",
        hint: "Ask an admin for the role (editor-team.json or the people settings).",
      },
    });
    const merge = await app.inject(write(author.cookie, author.csrf, "/api/merge"));
    expect(merge.json()).toMatchObject({
      error: {
        code: "TEAM_ROLE_TOO_LOW",
        message: "This needs the publisher role; you are author",
      },
    });
    const audit = await app.inject({ method: "GET", url: "/team/audit", headers: { cookie: author.cookie } });
    expect(audit.statusCode).toBe(403);
  });

  it("put no session id or CSRF token in a log line or an answer's body", async () => {
    const { app, signIn, logLines } = await setup();
    const { id, cookie, csrf } = await signIn("bob@example.com", "author");
    const answers = [
      await app.inject(write(cookie, undefined)),
      await app.inject(write(cookie, "forged")),
      await app.inject(write(cookie, csrf, "/api/merge")),
      await app.inject(write(cookie, csrf, "/team/sign-out")),
      await app.inject({ method: "GET", url: "/api/pages", headers: { cookie } }),
    ];
    expect(logLines.length).toBeGreaterThan(answers.length);
    for (const text of [...logLines, ...answers.map((answer) => answer.body)]) {
      expect(text).not.toContain(id);
      expect(text).not.toContain(csrf);
    }
  });
});

describe("the audit log", () => {
  it("is read by person, page and day, exported as JSON lines, and refuses changes", async () => {
    const { app, clock, signIn, store, databaseFile } = await setup();
    const admin = await signIn("ada@example.com", "admin");
    await store.appendAudit({
      at: clock.now(),
      action: "save",
      person: "bob@example.com",
      page: "site-config/pages/home.json",
      detail: {},
    });
    await store.appendAudit({
      at: clock.now() + 24 * 3_600_000,
      action: "publish",
      person: "pat@example.com",
      detail: { branch: "edit/home", request: 12 },
    });
    const get = (query: string) =>
      app.inject({ method: "GET", url: `/team/audit${query}`, headers: { cookie: admin.cookie } });
    expect((await get("?person=bob@example.com")).json()).toEqual({
      entries: [
        {
          at: Date.parse("2026-11-28T09:00:00Z"),
          action: "save",
          person: "bob@example.com",
          page: "site-config/pages/home.json",
          detail: {},
        },
      ],
    });
    expect((await get("?page=site-config/pages/home.json")).json().entries).toHaveLength(1);
    expect((await get("?day=2026-11-29")).json().entries.map((e: { action: string }) => e.action)).toEqual(["publish"]);
    const badDay = await get("?day=yesterday");
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json()).toMatchObject({
      error: {
        code: "TEAM_AUDIT_QUERY",
        message: "day must be a date such as 2026-11-28",
        hint: "Filter by person (an address), page (a file) and day (YYYY-MM-DD).",
      },
    });
    const exported = await get("/export?day=2026-11-29");
    expect(exported.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    expect(exported.body).toBe(
      '{"at":"2026-11-29T09:00:00.000Z","action":"publish","person":"pat@example.com","detail":{"branch":"edit/home","request":12}}\n',
    );
    const db = new Database(databaseFile);
    expect(() => db.prepare("UPDATE team_audit SET person = 'x'").run()).toThrow("the audit log is append-only");
    expect(() => db.prepare("DELETE FROM team_audit").run()).toThrow("the audit log is append-only");
    db.close();
  });
});
