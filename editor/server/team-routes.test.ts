// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER, EDITOR_VIEWS } from "../protocol.ts";
import { type AnyEntry, teamAccessErrors } from "../../contract/errors.ts";
import { ROLES, type Role } from "../team/roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import { teamEditorOnOneCopy, tempStore, testClock } from "../../tests/support/editor/team/test-support.ts";
import type { TeamStore } from "../team/store.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";
import { READS } from "./guards.ts";
import type { DeclaredRoute } from "./route-needs.ts";

/**
 * The team editor's server as an attacker would try it: every route it declares, each sent without a session, with
 * an expired one, without its CSRF token or with a forged one, from another origin, and by a person whose role is
 * below the one the route declares. Only the sign-in routes answer without a session, and they are listed here by name.
 */

const PUBLIC_URL = new URL("https://edit.company.com");
const HOST = PUBLIC_URL.host;
const ORIGIN = PUBLIC_URL.origin;
const SESSION_COOKIE = "__Host-editor-session";
/** The routes that answer anyone: the sign-in page and its assets, and the sign-in flows (links, the provider's). */
const OPEN_ROUTES = [
  "GET /team/sign-in",
  "GET /team/sign-in.css",
  "GET /team/icon.svg",
  "GET /team/sign-in.js",
  "GET /team/oidc/start",
  "GET /team/oidc/callback",
  "POST /team/link",
  "GET /team/link",
  "GET /team/link.js",
  "POST /team/link/use",
];
/** Who is here and editing locks: a viewer reads them, an author holds, takes over and lets go of a page's lock. */
const PRESENCE_AND_LOCKS = [
  "GET /api/presence",
  "GET /api/lock",
  "POST /api/lock",
  "POST /api/lock/take-over",
  "POST /api/lock/release",
];
/**
 * The editor's pages, at the address of each of its views and the preview's, send a browser without a session to the
 * sign-in page.
 */
const PAGES = [...Object.values(EDITOR_VIEWS), "/preview"].flatMap((url) => [`GET ${url}`, `HEAD ${url}`]);
/** A request's preview, entered from the editor: a browser without a session is sent to sign in first too. */
const PREVIEW_ENTRIES = ["GET /preview/:number", "GET /preview/:number/*"];

let project: ReturnType<typeof copyProject>;
let app: FastifyInstance;
let routes: readonly DeclaredRoute[];
let store: TeamStore;
const clock = testClock();

/** A session of a person of `role` started now, as the browser holds it: its cookie and the page's CSRF token. */
async function signIn(role: Role) {
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
  const id = await keeper.start(`${role}@company.com`, role);
  const person = await keeper.resume(id);
  return { cookie: `${SESSION_COOKIE}=${id}`, csrf: person!.csrfToken };
}

beforeAll(async () => {
  project = copyProject();
  ({ store } = tempStore());
  const editor = await teamEditorOnOneCopy(project.dir, store, clock.now, PUBLIC_URL);
  ({ app, routes } = editor);
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
  project?.remove();
});

const pathOf = (url: string) => url.replace("*", "guarded.txt");
const all = () => routes.map((route) => ({ ...route, name: `${route.method} ${route.url}` }));
const guarded = () =>
  all().filter(({ name }) => !OPEN_ROUTES.includes(name) && !PAGES.includes(name) && !PREVIEW_ENTRIES.includes(name));

const send = (method: string, url: string, headers: Record<string, string>) =>
  app.inject({
    method: method as "GET",
    url: pathOf(url),
    headers: { host: HOST, ...headers },
    ...(READS.has(method)
      ? {}
      : { payload: { file: "site-config/pages/guarded.json", value: {}, version: "", summary: "x", email: "x@y.z" } }),
  });

const refusal = (entry: AnyEntry, message = entry.message as string) => ({
  status: entry.status,
  body: { error: { code: entry.code, title: entry.title, message, hint: entry.hint } },
});

const answerOf = async (method: string, url: string, headers: Record<string, string>) => {
  const response = await send(method, url, headers);
  return { status: response.statusCode, body: method === "HEAD" ? undefined : (response.json() as unknown) };
};

describe("the team editor's routes, each refused as the catalogue says", () => {
  it("registers the editor's routes and the sign-in routes; only the latter answer without a session", () => {
    const names = all().map(({ name }) => name);
    // Every route declares who may call it: only the sign-in routes, listed above by name, declare anyone.
    expect(
      all()
        .filter(({ role }) => role === "anyone")
        .map(({ name }) => name),
    ).toEqual(expect.arrayContaining(OPEN_ROUTES));
    expect(all().filter(({ role }) => role === "anyone").length).toBe(OPEN_ROUTES.length);
    // A review is a publisher's; the people, sessions and audit log an admin's.
    expect(
      Object.fromEntries(
        all()
          .filter(({ role }) => role === "publisher" || role === "admin")
          .map(({ name, role }) => [name, role]),
      ),
    ).toEqual({
      "GET /api/requests": "publisher",
      "GET /api/requests/version": "publisher",
      "GET /api/requests/merged": "publisher",
      "POST /api/requests/merge": "publisher",
      "POST /api/requests/send-back": "publisher",
      "POST /api/schedules": "publisher",
      "POST /api/schedules/change": "publisher",
      "POST /api/schedules/cancel": "publisher",
      "POST /api/schedules/retry": "publisher",
      "POST /api/schedules/take-down": "publisher",
      "POST /api/previews/shares": "publisher",
      "GET /api/previews/shares": "publisher",
      "POST /api/previews/shares/revoke": "publisher",
      "GET /team/people": "admin",
      "POST /team/people/sessions/end": "admin",
      "GET /team/audit": "admin",
      "GET /team/audit/export": "admin",
    });
    expect(names).toEqual(
      expect.arrayContaining([
        ...OPEN_ROUTES,
        ...PAGES,
        "POST /api/save",
        "GET /api/bootstrap",
        // Each person's own e-mail notices: any signed-in person's, a write like the others.
        "GET /team/notices",
        "POST /team/notices",
        ...PRESENCE_AND_LOCKS,
        // The calendar of scheduled publications: anyone signed in reads it.
        "GET /api/schedules",
        ...PREVIEW_ENTRIES,
      ]),
    );
    expect(guarded().length).toBeGreaterThan(0);
  });

  it("refuses every guarded route without a session, and with a session that has expired", async () => {
    const expired = await signIn("admin");
    for (const { method, url, name } of guarded()) {
      const headers = { origin: ORIGIN, [EDITOR_TOKEN_HEADER]: expired.csrf };
      const expected = refusal(teamAccessErrors.signInRequired);
      expect({ name, ...(await answerOf(method, url, headers)) }).toEqual({
        name,
        status: expected.status,
        body: method === "HEAD" ? undefined : expected.body,
      });
    }
    // A session left idle past the limit opens nothing: the same answer on every route.
    clock.advance(DEFAULT_LIMITS.idleMs + 1);
    for (const { method, url, name } of guarded()) {
      const headers = { origin: ORIGIN, cookie: expired.cookie, [EDITOR_TOKEN_HEADER]: expired.csrf };
      expect({ name, status: (await send(method, url, headers)).statusCode }).toEqual({ name, status: 401 });
    }
  });

  it("refuses every write without the session's CSRF token, with a forged one, and from another origin", async () => {
    const admin = await signIn("admin");
    const writes = all().filter(({ method, name }) => !READS.has(method) && !OPEN_ROUTES.includes(name));
    expect(writes.length).toBeGreaterThan(0);
    for (const { method, url, name } of writes) {
      const cases: [string, Record<string, string>, AnyEntry][] = [
        ["no token", { origin: ORIGIN, cookie: admin.cookie }, teamAccessErrors.csrfMissing],
        [
          "forged token",
          { origin: ORIGIN, cookie: admin.cookie, [EDITOR_TOKEN_HEADER]: "f".repeat(43) },
          teamAccessErrors.csrfInvalid,
        ],
        [
          "another origin",
          { origin: "https://evil.example", cookie: admin.cookie, [EDITOR_TOKEN_HEADER]: admin.csrf },
          teamAccessErrors.originRefused,
        ],
        ["no origin", { cookie: admin.cookie, [EDITOR_TOKEN_HEADER]: admin.csrf }, teamAccessErrors.originRefused],
      ];
      for (const [why, headers, entry] of cases)
        expect({ name, why, ...(await answerOf(method, url, headers)) }).toEqual({ name, why, ...refusal(entry) });
    }
    // The sign-in routes that write are covered by the origin check too.
    for (const name of OPEN_ROUTES.filter((route) => !READS.has(route.split(" ")[0]))) {
      const [method, url] = name.split(" ");
      const answer = await answerOf(method, url, { origin: "https://evil.example" });
      expect({ name, ...answer }).toEqual({ name, ...refusal(teamAccessErrors.originRefused) });
    }
    expect(fs.existsSync(path.join(project.dir, "site-config/pages/guarded.json"))).toBe(false);
  });

  it("refuses every route to a person whose role is below the route's", async () => {
    let checked = 0;
    const sessions = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await signIn(role)])));
    for (const { method, url, name, role: needed } of guarded()) {
      if (needed === "anyone") continue;
      for (const role of ROLES.slice(1, ROLES.indexOf(needed))) {
        const { cookie, csrf } = sessions[role] as Awaited<ReturnType<typeof signIn>>;
        const answer = await answerOf(method, url, { origin: ORIGIN, cookie, [EDITOR_TOKEN_HEADER]: csrf });
        const expected = refusal(teamAccessErrors.roleTooLow, `This needs the ${needed} role; you are ${role}`);
        expect({ name, role, ...answer }).toEqual({
          name,
          role,
          status: expected.status,
          body: method === "HEAD" ? undefined : expected.body,
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(project.dir, "site-config/pages/guarded.json"))).toBe(false);
  });

  it("sends a browser without a session from the editor's pages to the sign-in page", async () => {
    for (const name of [...PAGES, ...PREVIEW_ENTRIES]) {
      const [method, url] = name.split(" ");
      const response = await send(method, url, {});
      expect({ name, status: response.statusCode, location: response.headers.location }).toEqual({
        name,
        status: 303,
        location: "/team/sign-in",
      });
    }
  });

  it("answers nothing to a request addressed to another name, signed in or not", async () => {
    const { cookie } = await signIn("admin");
    for (const { method, url, name } of all()) {
      const response = await send(method, url, { host: "evil.example", cookie });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 403 });
    }
  });
});
