// @vitest-environment node
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { teamAccessErrors, teamPreviewErrors } from "../../../contract/errors.ts";
import { EDITOR_TOKEN_HEADER } from "../../protocol.ts";
import { copyProject } from "../../../tests/support/editor/test-project.ts";
import { teamEditorOnOneCopy, tempStore, testClock } from "../../../tests/support/editor/team/test-support.ts";
import type { Role } from "../roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../sessions.ts";
import type { TeamStore } from "../store.ts";
import type { PreviewState } from "./builds.ts";
import { previewAnnouncer } from "./announce.ts";
import { ENTRY_MS } from "./preview-passes.ts";
import { zonedMoment } from "../schedule-time.ts";

/**
 * Each review request's preview at its own origin, tried as an attacker would: without a cookie, with a token or a
 * cookie of another request, a token used twice or late, a share link expired or revoked, a share cookie on the
 * editor, and every editor route asked of a preview's origin.
 */

const PUBLIC_URL = new URL("https://edit.company.com");
const EDITOR = PUBLIC_URL.host;
const host = (number: number) => `${number}.preview.edit.company.com`;
const SESSION = "__Host-editor-session";
const PASS = "__Host-preview-pass";
const PAGE =
  "<!doctype html><html lang=en><head><title>Pricing</title><script>window.x=1</script></head><body><h1>Pricing</h1></body></html>";

let project: ReturnType<typeof copyProject>;
let app: FastifyInstance;
let store: TeamStore;
let siteDir: string;
const clock = testClock();
const states = new Map<number, PreviewState>();
/** The requests whose preview was asked to be built at their branch's tip. */
const refreshed: number[] = [];
let refreshFails = false;

function writeSite(dir: string) {
  const files: Record<string, string> = {
    "index.html": "<!doctype html><html><head><title>Home</title></head><body><h1>Home</h1></body></html>",
    "pricing/index.html": PAGE,
    "404/index.html": "<!doctype html><html><head><title>Not found</title></head><body>Page not found</body></html>",
    "de/404/index.html": "<!doctype html><html><head></head><body>Seite nicht gefunden</body></html>",
    "assets/app-1234.js": "console.log(1)",
    // The build's own, which a preview never serves.
    "robots.txt": "User-agent: *\nAllow: /\n",
    "sitemap.xml": "<urlset></urlset>",
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

beforeAll(async () => {
  project = copyProject();
  ({ store } = tempStore());
  siteDir = fs.mkdtempSync(path.join(tmpdir(), "preview-site-"));
  writeSite(siteDir);
  ({ app } = await teamEditorOnOneCopy(project.dir, store, clock.now, PUBLIC_URL, {
    team: {
      previewBuilds: {
        stateOf: (number) => states.get(number) ?? { state: "absent" },
        refresh: async (number) => {
          if (refreshFails) throw new Error("GitHub could not be reached");
          refreshed.push(number);
        },
      },
      requestTitle: async (number) => `Request ${number}'s title`,
    },
  }));
  await app.ready();
  const ready = { state: "ready", tip: "abc", builtAt: clock.now(), clientDir: siteDir } as const;
  states.set(12, ready);
  states.set(13, ready);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
  project?.remove();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

async function signIn(role: Role) {
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
  const id = await keeper.start(`${role}@company.com`, role);
  const person = await keeper.resume(id);
  return { cookie: `${SESSION}=${id}`, csrf: person!.csrfToken };
}

const inject = (options: InjectOptions) => app.inject(options);
const onPreview = (number: number, url: string, cookie?: string, method: "GET" | "POST" = "GET") =>
  inject({ method, url, headers: { host: host(number), ...(cookie && { cookie }) } });

/** A signed-in person's way into request `number`'s preview: the editor's redirect, then the preview's. */
async function enter(number: number, page = "") {
  const { cookie } = await signIn("viewer");
  const editor = await inject({ url: `/preview/${number}${page}`, headers: { host: EDITOR, cookie } });
  expect(editor.statusCode).toBe(303);
  const location = new URL(editor.headers.location as string);
  expect(location.origin).toBe(`https://${host(number)}`);
  expect(location.pathname).toBe("/.preview/enter");
  return location;
}

const passOf = (setCookie: unknown) => String([setCookie].flat()[0]).split(";")[0]!;

async function memberPass(number: number) {
  const location = await enter(number);
  const answer = await onPreview(number, location.pathname + location.search);
  expect(answer.statusCode).toBe(303);
  return passOf(answer.headers["set-cookie"]);
}

async function share(number: number, days: number) {
  const { cookie, csrf } = await signIn("publisher");
  const answer = await inject({
    method: "POST",
    url: "/api/previews/shares",
    headers: { host: EDITOR, origin: PUBLIC_URL.origin, cookie, [EDITOR_TOKEN_HEADER]: csrf },
    payload: { number, days },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ id: string; url: string; expiresAt: number }>();
}

describe("a request's preview, at its own origin", () => {
  it("is private: nothing without a pass, on any path or method, every answer noindex", async () => {
    for (const [method, url] of [
      ["GET", "/"],
      ["GET", "/pricing"],
      ["GET", "/.preview/state"],
      ["GET", "/api/bootstrap"],
      ["GET", "/team/sign-in"],
      ["POST", "/api/save"],
      ["POST", "/api/leads"],
    ] as const) {
      const answer = await onPreview(12, url, undefined, method);
      expect({ method, url, status: answer.statusCode }).toEqual({ method, url, status: 401 });
      expect(answer.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(answer.body).toContain(teamPreviewErrors.private.message);
      expect(answer.body).not.toContain("<h1>Pricing</h1>");
    }
    // A session of the editor opens no preview: its cookie is the editor's, and it is not a pass.
    const { cookie } = await signIn("admin");
    expect((await onPreview(12, "/", cookie)).statusCode).toBe(401);
  });

  it("lets a signed-in person in by an entry token used once, within a minute, on its own request only", async () => {
    // Not signed in: the editor sends the browser to sign in first.
    const unsigned = await inject({ url: "/preview/12", headers: { host: EDITOR } });
    expect({ status: unsigned.statusCode, location: unsigned.headers.location }).toEqual({
      status: 303,
      location: "/team/sign-in",
    });

    // Another request's token is refused, and spent.
    const twelve = await enter(12, "/pricing");
    expect(twelve.searchParams.get("path")).toBe("/pricing");
    const stolen = await onPreview(13, twelve.pathname + twelve.search);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.headers["set-cookie"]).toBeUndefined();
    expect(stolen.body).toContain(teamPreviewErrors.entryUsed.message.replace("'", "&#39;"));
    expect((await onPreview(12, twelve.pathname + twelve.search)).statusCode).toBe(401);

    const again = await enter(12, "/pricing");
    const entered = await onPreview(12, again.pathname + again.search);
    expect({ status: entered.statusCode, location: entered.headers.location }).toEqual({
      status: 303,
      location: "/pricing",
    });
    const cookie = String([entered.headers["set-cookie"]].flat()[0]);
    expect(cookie).toMatch(/^__Host-preview-pass=[\w-]{43}; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain/i);
    // Used once.
    expect((await onPreview(12, again.pathname + again.search)).statusCode).toBe(401);

    // Late by a millisecond.
    const late = await enter(12);
    clock.advance(ENTRY_MS + 1);
    expect((await onPreview(12, late.pathname + late.search)).statusCode).toBe(401);

    // A path of another origin is not followed.
    const { cookie: viewer } = await signIn("viewer");
    for (const page of ["//evil.example", "/\\evil.example"]) {
      const token = new URL(
        (await inject({ url: "/preview/12", headers: { host: EDITOR, cookie: viewer } })).headers.location as string,
      ).searchParams.get("token")!;
      const answer = await onPreview(12, `/.preview/enter?${new URLSearchParams({ token, path: page })}`);
      expect(answer.headers.location).toBe("/");
    }
  });

  it("serves the build with its script, noindex, the banner and a policy that calls no other host", async () => {
    const pass = await memberPass(12);
    const before = fs.readFileSync(path.join(siteDir, "pricing/index.html"), "utf8");
    const page = await onPreview(12, "/pricing", pass);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('<script src="/.preview/banner.js" defer></script>');
    expect(page.body).toContain("<h1>Pricing</h1><");
    expect(fs.readFileSync(path.join(siteDir, "pricing/index.html"), "utf8")).toBe(before);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).toContain("upgrade-insecure-requests");
    expect(page.headers["cache-control"]).toBe("private, no-cache");

    const asset = await onPreview(12, "/assets/app-1234.js", pass);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log(1)");
    expect(asset.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(asset.headers["x-robots-tag"]).toBe("noindex, nofollow");

    const missing = await onPreview(12, "/de/nothing", pass);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Seite nicht gefunden");
    expect(missing.body).toContain("/.preview/banner.js");

    const banner = await onPreview(12, "/.preview/banner.js", pass);
    expect(banner.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(banner.body).toContain('attachShadow({ mode: "closed" })');
    const state = (await onPreview(12, "/.preview/state", pass)).json<{ text: string; review?: { href: string } }>();
    expect(state.text).toBe(
      "Preview of request #12 “Request 12's title”, built 2026-11-28 09:00 UTC. Forms send nothing.",
    );
    expect(state.review?.href).toBe("https://edit.company.com/review/12");
    expect(state).not.toHaveProperty("schedule");

    // Scheduled to go live: the banner says when, in the zone the publisher gave, to whoever reads it.
    const localTime = "2026-12-14T09:00";
    const moment = zonedMoment(localTime, "Europe/Berlin");
    if (moment.kind !== "moment") throw new Error(`${localTime} is no moment in Berlin`);
    await store.addSchedule({
      kind: "publish",
      request: { number: 12, title: "Request 12's title" },
      requestUrl: "https://github.example/voxa/site/pull/12",
      baseBranch: "main",
      scheduledBy: { name: "Pat Lee", email: "publisher@company.com" },
      createdAt: clock.now(),
      localTime,
      timeZone: "Europe/Berlin",
      at: moment.at,
    });
    expect((await onPreview(12, "/.preview/state", pass)).json()).toMatchObject({
      schedule: "Goes live Monday 14 December 2026, 09:00 in Berlin",
    });

    // robots.txt disallows everything, whatever the build's says, and is answered to crawlers without a pass.
    for (const cookie of [pass, undefined]) {
      const robots = await onPreview(12, "/robots.txt", cookie);
      expect(robots.body).toBe("User-agent: *\nDisallow: /\n");
      expect(robots.headers["x-robots-tag"]).toBe("noindex, nofollow");
    }
  });

  it("opens no other request's preview with a request's cookie", async () => {
    const pass = await memberPass(12);
    expect((await onPreview(12, "/", pass)).statusCode).toBe(200);
    const other = await onPreview(13, "/", pass);
    expect(other.statusCode).toBe(401);
    expect(other.body).not.toContain("<h1>Home</h1>");
  });

  it("answers nothing of the editor or its API at a preview's origin, but the lead form, which sends nothing", async () => {
    const pass = await memberPass(12);
    for (const url of [
      "/api/bootstrap",
      "/api/pages",
      "/team/people",
      "/team/sign-in",
      "/team/audit",
      "/preview/12",
      "/api/previews/shares?number=12",
      "/edit/x",
      "/review",
    ]) {
      const answer = await onPreview(12, url, pass);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.body).toContain("Page not found");
    }
    for (const url of ["/api/save", "/api/previews/shares", "/team/link/use", "/api/requests/merge"]) {
      const answer = await inject({
        method: "POST",
        url,
        headers: { host: host(12), cookie: pass, origin: `https://${host(12)}`, "content-type": "application/json" },
        payload: { number: 12, days: 7 },
      });
      expect({ url, status: answer.statusCode, code: answer.json<{ error: { code: string } }>().error.code }).toEqual({
        url,
        status: 405,
        code: teamPreviewErrors.readOnly.code,
      });
    }
    const fetched = vi.spyOn(globalThis, "fetch");
    const audit = (await store.queryAudit({})).length;
    const token = await inject({ method: "POST", url: "/api/tokens/lead", headers: { host: host(12), cookie: pass } });
    expect(token.statusCode).toBe(200);
    const lead = await inject({
      method: "POST",
      url: "/api/leads",
      headers: { host: host(12), cookie: pass, "content-type": "application/json" },
      payload: { name: "Ada", email: "ada@example.com", message: "Hello" },
    });
    expect(lead.statusCode).toBe(201);
    expect(lead.headers["x-preview-lead"]).toBe("not sent");
    expect(lead.json()).toEqual({
      success: true,
      message: "Lead received (a preview: nothing was sent or kept)",
      data: { id: "preview" },
    });
    expect(fetched).not.toHaveBeenCalled();
    expect((await store.queryAudit({})).length).toBe(audit);
    fetched.mockRestore();
  });

  it("says a build is under way, shows a failed build's words, and serves the last build meanwhile", async () => {
    const pass = await memberPass(12);
    const ready = states.get(12)!;
    try {
      states.set(12, { state: "building", tip: "def", since: clock.now() });
      const building = await onPreview(12, "/", pass);
      expect(building.statusCode).toBe(503);
      expect(building.body).toContain("The preview of request #12 is being built");
      expect(building.body).toContain('<meta http-equiv="refresh" content="5">');
      states.set(12, { state: "failed", tip: "def", message: "blocks/hero: unknown block 'heroo'" });
      const failed = await onPreview(12, "/", pass);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).toContain("could not be built: blocks/hero: unknown block &#39;heroo&#39;");
      states.set(12, { state: "building", tip: "def", since: clock.now(), previous: ready as never });
      expect((await onPreview(12, "/", pass)).body).toContain("<h1>Home</h1>");
      const state = (await onPreview(12, "/.preview/state", pass)).json<{ note: string; updating: boolean }>();
      expect(state).toMatchObject({ note: "Updating…", updating: true });
    } finally {
      states.set(12, ready);
    }
  });
});

describe("a preview's status in the editor", () => {
  const status = async (number: number) => {
    const { cookie } = await signIn("viewer");
    return inject({ url: `/api/previews/status?number=${number}`, headers: { host: EDITOR, cookie } });
  };

  it("says where it stands to anyone signed in, and asks for the branch's tip to be built", async () => {
    const ready = states.get(12)!;
    refreshed.length = 0;
    expect((await status(12)).json()).toEqual({
      number: 12,
      state: "ready",
      origin: `https://${host(12)}`,
      tip: "abc",
      builtAt: ready.state === "ready" ? ready.builtAt : 0,
    });
    expect(refreshed).toEqual([12]);
    try {
      states.set(12, { state: "failed", tip: "def", message: "about.json: not JSON", previous: ready as never });
      expect((await status(12)).json()).toMatchObject({ state: "failed", tip: "def", message: "about.json: not JSON" });
    } finally {
      states.set(12, ready);
    }
    expect((await status(99)).json()).toEqual({ number: 99, state: "absent", origin: `https://${host(99)}` });
    // A branch that cannot be looked at (the forge unreachable) leaves the status as it stands.
    refreshFails = true;
    try {
      expect((await status(12)).json()).toMatchObject({ state: "ready", tip: "abc" });
    } finally {
      refreshFails = false;
    }
  });

  it("is refused without a session, and for what is no request's number", async () => {
    expect((await inject({ url: "/api/previews/status?number=12", headers: { host: EDITOR } })).statusCode).toBe(401);
    expect((await status(Number.NaN)).statusCode).toBe(400);
  });
});

describe("a preview's share links", () => {
  it("open that request's preview alone, until they expire", async () => {
    const link = await share(12, 2);
    const url = new URL(link.url);
    expect(url.origin).toBe(`https://${host(12)}`);
    expect(link.expiresAt).toBe(clock.now() + 2 * 86_400_000);
    // On another request's origin the link opens nothing.
    expect((await onPreview(13, url.pathname)).statusCode).toBe(401);
    const entered = await onPreview(12, url.pathname);
    expect(entered.statusCode).toBe(303);
    const pass = passOf(entered.headers["set-cookie"]);
    expect((await onPreview(12, "/pricing", pass)).statusCode).toBe(200);
    expect((await onPreview(13, "/pricing", pass)).statusCode).toBe(401);
    // People outside the team get no way back to the editor.
    expect((await onPreview(12, "/.preview/state", pass)).json()).not.toHaveProperty("review");
    // A share cookie is nothing to the editor: no session.
    const editor = await inject({ url: "/api/bootstrap", headers: { host: EDITOR, cookie: pass } });
    expect({ status: editor.statusCode, code: editor.json<{ error: { code: string } }>().error.code }).toEqual({
      status: 401,
      code: teamAccessErrors.signInRequired.code,
    });
    const renamed = pass.replace(PASS, SESSION);
    expect((await inject({ url: "/api/bootstrap", headers: { host: EDITOR, cookie: renamed } })).statusCode).toBe(401);

    clock.advance(2 * 86_400_000);
    expect((await onPreview(12, "/pricing", pass)).statusCode).toBe(401);
    const late = await onPreview(12, url.pathname);
    expect(late.statusCode).toBe(401);
    expect(late.body).toContain(teamPreviewErrors.shareEnded.message);
  });

  it("are refused at once when revoked, listed with who made and revoked them, and audited", async () => {
    const link = await share(12, 7);
    const pass = passOf((await onPreview(12, new URL(link.url).pathname)).headers["set-cookie"]);
    expect((await onPreview(12, "/", pass)).statusCode).toBe(200);
    const { cookie, csrf } = await signIn("publisher");
    const headers = { host: EDITOR, origin: PUBLIC_URL.origin, cookie, [EDITOR_TOKEN_HEADER]: csrf };
    const revoked = await inject({
      method: "POST",
      url: "/api/previews/shares/revoke",
      headers,
      payload: { id: link.id },
    });
    expect(revoked.json()).toMatchObject({ id: link.id, state: "revoked", revokedBy: "publisher@company.com" });
    expect((await onPreview(12, "/", pass)).statusCode).toBe(401);
    expect((await onPreview(12, new URL(link.url).pathname)).statusCode).toBe(401);

    const listed = await inject({ url: "/api/previews/shares?number=12", headers });
    const shares = listed.json<{ shares: { id: string; state: string; createdBy: string }[] }>().shares;
    expect(shares[0]).toMatchObject({ id: link.id, state: "revoked", createdBy: "publisher@company.com" });
    expect(shares.map(({ state }) => state)).toContain("expired");
    expect(JSON.stringify(shares)).not.toContain(new URL(link.url).pathname.split("/").pop());

    const missing = await inject({
      method: "POST",
      url: "/api/previews/shares/revoke",
      headers,
      payload: { id: "nope" },
    });
    expect(missing.statusCode).toBe(404);
    const tooLong = await inject({
      method: "POST",
      url: "/api/previews/shares",
      headers,
      payload: { number: 12, days: 8 },
    });
    expect({ status: tooLong.statusCode, code: tooLong.json<{ error: { code: string } }>().error.code }).toEqual({
      status: 400,
      code: teamPreviewErrors.shareDays.code,
    });

    const actions = (await store.queryAudit({ person: "publisher@company.com" })).map(({ action, detail }) => ({
      action,
      detail,
    }));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "preview-share", detail: { request: 12, share: link.id, days: 7 } },
        { action: "preview-share-revoke", detail: { request: 12, share: link.id } },
      ]),
    );
  });
});

describe("the forge's comment", () => {
  it("tells each request its preview's address once", async () => {
    const comments: [number, string][] = [];
    const announce = previewAnnouncer({
      store,
      forge: { comment: async (number, text) => void comments.push([number, text]) },
      publicUrl: PUBLIC_URL,
      now: clock.now,
    });
    await announce(40);
    await announce(40);
    await announce(41);
    expect(comments.map(([number]) => number)).toEqual([40, 41]);
    expect(comments[0]![1]).toContain("https://edit.company.com/preview/40");
  });
});

describe("previews turned off (EDIT_TEAM_PREVIEWS=off)", () => {
  let off: FastifyInstance;
  beforeAll(async () => {
    ({ app: off } = await teamEditorOnOneCopy(project.dir, store, clock.now, PUBLIC_URL));
    await off.ready();
  }, 60_000);
  afterAll(() => off?.close());

  it("says so in the status, and opens and shares no preview, in the catalogue's words", async () => {
    const viewer = await signIn("viewer");
    const status = await off.inject({
      url: "/api/previews/status?number=12",
      headers: { host: EDITOR, cookie: viewer.cookie },
    });
    expect(status.json()).toEqual({ number: 12, state: "off", origin: `https://${host(12)}` });
    const entry = await off.inject({ url: "/preview/12", headers: { host: EDITOR, cookie: viewer.cookie } });
    expect(entry.statusCode).toBe(404);
    expect(entry.body).toContain(teamPreviewErrors.off.message);
    const publisher = await signIn("publisher");
    const made = await off.inject({
      method: "POST",
      url: "/api/previews/shares",
      headers: {
        host: EDITOR,
        origin: PUBLIC_URL.origin,
        cookie: publisher.cookie,
        [EDITOR_TOKEN_HEADER]: publisher.csrf,
      },
      payload: { number: 12, days: 2 },
    });
    expect(made.statusCode).toBe(404);
    expect(made.json()).toMatchObject({
      error: { code: teamPreviewErrors.off.code, message: teamPreviewErrors.off.message },
    });
  });
});
