// @vitest-environment node
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER, LOCK_HEARTBEAT_MS, PRESENCE_PATH } from "../protocol.ts";
import { messageOf, teamLockLines } from "../../contract/errors.ts";
import { LOCK_LAPSE_MS, TAKEN_GRACE_MS } from "../team/lock-rules.ts";
import type { Role } from "../team/roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import type { TeamStore } from "../team/store.ts";
import { type EventStream, openEventStream } from "../../tests/support/editor/team/test-event-stream.ts";
import { tempStore, testClock } from "../../tests/support/editor/team/test-support.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";
import { buildEditor } from "./app.ts";

/**
 * Presence and editing locks on the team editor's server, as two people's tabs use them: the presence stream, the
 * lock's routes, and a save refused while someone else holds the page.
 */

const PUBLIC_URL = new URL("http://edit.company.test");
const ABOUT = "site-config/pages/about.json";

let project: ReturnType<typeof copyProject>;
let app: FastifyInstance;
let store: TeamStore;
let port = 0;
const clock = testClock();
const streams: EventStream[] = [];

interface Session {
  cookie: string;
  csrf: string;
}

async function signIn(email: string, name: string, role: Role = "author"): Promise<Session> {
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
  const id = await keeper.start(email, role, name);
  return { cookie: `editor-session=${id}`, csrf: (await keeper.resume(id))!.csrfToken };
}

const post = async (session: Session, url: string, body: unknown) => {
  const response = await app.inject({
    method: "POST",
    url,
    headers: {
      host: PUBLIC_URL.host,
      origin: PUBLIC_URL.origin,
      cookie: session.cookie,
      [EDITOR_TOKEN_HEADER]: session.csrf,
    },
    payload: body as Record<string, unknown>,
  });
  return { status: response.statusCode, json: response.json() as Record<string, unknown> };
};

const get = async (session: Session, url: string) => {
  const response = await app.inject({ method: "GET", url, headers: { host: PUBLIC_URL.host, cookie: session.cookie } });
  return { status: response.statusCode, json: response.json() as Record<string, unknown> };
};

const save = async (session: Session, title: string) => {
  const opened = (await get(session, `/api/document?file=${encodeURIComponent(ABOUT)}`)).json as {
    value: Record<string, unknown>;
    version: string;
  };
  return post(session, "/api/save", { file: ABOUT, value: { ...opened.value, title }, version: opened.version });
};

const stream = async (session: Session, file?: string) => {
  const opened = await openEventStream({
    port,
    host: PUBLIC_URL.host,
    path: `${PRESENCE_PATH}${file ? `?file=${encodeURIComponent(file)}` : ""}`,
    cookie: session.cookie,
  });
  streams.push(opened);
  return opened;
};

const lockedRefusal = (name: string) => ({
  code: teamLockLines.lockedByOther.code,
  title: teamLockLines.lockedByOther.title,
  message: messageOf(teamLockLines.lockedByOther, { name }),
  hint: teamLockLines.lockedByOther.hint,
});

beforeAll(async () => {
  project = copyProject();
  ({ store } = tempStore());
  ({ app } = await buildEditor({
    projectDir: project.dir,
    env: {},
    team: {
      publicUrl: PUBLIC_URL,
      secureCookies: false,
      store,
      now: clock.now,
      people: () => ({ people: {}, domains: {} }),
      workspaces: { folderOf: async () => project.dir, keep: async () => undefined },
    },
  }));
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);
afterEach(() => streams.splice(0).forEach((opened) => opened.close()));
afterAll(async () => {
  await app?.close();
  await store?.close();
  project?.remove();
});

describe("who is here", () => {
  it("tells each tab who else has which page open, at once, and that they left when their stream closes", async () => {
    const mia = await signIn("mia.wong@company.com", "Mia Wong");
    const vic = await signIn("vic@company.com", "Vic Reader", "viewer");
    const list = await stream(vic);
    const miaOnAbout = await stream(mia, ABOUT);
    const present = (event: { event: string; data: unknown }) =>
      event.event === "presence" &&
      JSON.stringify(event.data) ===
        JSON.stringify({ pages: { [ABOUT]: [{ email: "mia.wong@company.com", name: "Mia Wong", initials: "MW" }] } });
    await list.waitFor(present);
    // A viewer reads presence too, and is seen: Mia's stream names Vic once Vic opens the page.
    await stream(vic, ABOUT);
    await miaOnAbout.waitFor(
      (event) =>
        event.event === "presence" &&
        JSON.stringify(event.data) ===
          JSON.stringify({ pages: { [ABOUT]: [{ email: "vic@company.com", name: "Vic Reader", initials: "VR" }] } }),
    );
    const seen = list.events.length;
    miaOnAbout.close();
    await list.waitFor(
      (event) =>
        list.events.indexOf(event) >= seen &&
        event.event === "presence" &&
        JSON.stringify(event.data) === JSON.stringify({ pages: {} }),
    );
  });
});

describe("a page's editing lock", () => {
  it("is held by the first to change the page; others are refused its save, and may take it over", async () => {
    const mia = await signIn("mia@company.com", "Mia");
    const bob = await signIn("bob@company.com", "Bob Smith");
    expect((await get(bob, `/api/lock?file=${ABOUT}`)).json).toEqual({ file: ABOUT, holder: null, mine: false });
    const miaStream = await stream(mia, ABOUT);
    const held = { file: ABOUT, holder: { email: "mia@company.com", name: "Mia" } };
    expect(await post(mia, "/api/lock", { file: ABOUT })).toEqual({ status: 200, json: { ...held, mine: true } });
    expect(await get(bob, `/api/lock?file=${ABOUT}`)).toEqual({ status: 200, json: { ...held, mine: false } });

    // Bob's claim and Bob's save are refused, in the catalogue's words, whatever his tab sends.
    expect(await post(bob, "/api/lock", { file: ABOUT })).toEqual({
      status: 423,
      json: { error: lockedRefusal("Mia"), lock: { ...held, mine: false } },
    });
    expect(await save(bob, "Bob's title")).toEqual({
      status: 423,
      json: { error: lockedRefusal("Mia"), lock: { ...held, mine: false } },
    });
    expect((await save(mia, "Mia's title")).status).toBe(200);

    // Bob takes over: Mia's stream hears of it at once, and she may still keep her unsaved edits a moment.
    expect(await post(bob, "/api/lock/take-over", { file: ABOUT })).toEqual({
      status: 200,
      json: { file: ABOUT, holder: { email: "bob@company.com", name: "Bob Smith" }, mine: true },
    });
    await miaStream.waitFor(
      (event) =>
        event.event === "lock" &&
        JSON.stringify(event.data) ===
          JSON.stringify({
            file: ABOUT,
            holder: { email: "bob@company.com", name: "Bob Smith" },
            takenFrom: "mia@company.com",
          }),
    );
    expect((await save(mia, "Mia's unsaved edits")).status).toBe(200);
    const audited = (await store.queryAudit({ page: ABOUT })).map((entry) => [entry.action, entry.person]);
    expect(audited.filter(([action]) => action === "take-over")).toEqual([["take-over", "bob@company.com"]]);
    clock.advance(TAKEN_GRACE_MS);
    expect(await save(mia, "Mia again")).toMatchObject({ status: 423, json: { error: lockedRefusal("Bob Smith") } });
    expect((await post(mia, "/api/lock", { file: ABOUT })).status).toBe(423);

    // Bob's heartbeats keep it; without one for three minutes, it lapses and Mia may hold it again.
    clock.advance(LOCK_LAPSE_MS - 1);
    expect((await post(bob, "/api/lock", { file: ABOUT })).status).toBe(200);
    clock.advance(LOCK_LAPSE_MS - 1);
    expect((await post(mia, "/api/lock", { file: ABOUT })).status).toBe(423);
    clock.advance(1);
    expect((await get(mia, `/api/lock?file=${ABOUT}`)).json).toEqual({ file: ABOUT, holder: null, mine: false });
    expect((await save(mia, "Mia after the lapse")).status).toBe(200);
    expect((await post(mia, "/api/lock", { file: ABOUT })).status).toBe(200);

    // Letting go (leaving the page) frees it for the next person at once, and says so.
    expect((await post(mia, "/api/lock/release", { file: ABOUT })).status).toBe(200);
    await miaStream.waitFor(
      (event) => event.event === "lock" && JSON.stringify(event.data) === JSON.stringify({ file: ABOUT, holder: null }),
    );
    expect((await post(bob, "/api/lock", { file: ABOUT })).status).toBe(200);
  });
});

describe("a tab left open on a page", () => {
  const heartbeat = (session: Session, file: string) => post(session, "/api/lock", { file });
  /** `duration` ms with a heartbeat every LOCK_HEARTBEAT_MS and nothing else: the statuses the heartbeats got. */
  const beatFor = async (session: Session, file: string, duration: number) => {
    const statuses = new Set<number>();
    let elapsed = 0;
    for (; elapsed + LOCK_HEARTBEAT_MS < duration; elapsed += LOCK_HEARTBEAT_MS) {
      clock.advance(LOCK_HEARTBEAT_MS);
      statuses.add((await heartbeat(session, file)).status);
    }
    clock.advance(duration - elapsed);
    return [...statuses];
  };
  const signedOut = { status: 401, json: { error: expect.objectContaining({ code: "TEAM_SIGN_IN_REQUIRED" }) } };

  it("keeps the page's lock with its heartbeat, never the session: 30 minutes without an edit sign the person out", async () => {
    const PAGE = "site-config/pages/contact.json";
    const ann = await signIn("ann@company.com", "Ann");
    expect((await heartbeat(ann, PAGE)).status).toBe(200);
    expect(await beatFor(ann, PAGE, DEFAULT_LIMITS.idleMs)).toEqual([200]);
    expect(await heartbeat(ann, PAGE)).toEqual(signedOut);
    expect(await get(ann, `/api/lock?file=${PAGE}`)).toEqual(signedOut);
  });

  it("counts what the person does (an edit checked) as activity, and only that", async () => {
    const PAGE = "site-config/pages/cookies.json";
    const cal = await signIn("cal@company.com", "Cal");
    expect((await heartbeat(cal, PAGE)).status).toBe(200);
    expect(await beatFor(cal, PAGE, DEFAULT_LIMITS.idleMs / 2)).toEqual([200]);
    const opened = (await get(cal, `/api/document?file=${encodeURIComponent(PAGE)}`)).json as { value: unknown };
    expect((await post(cal, "/api/validate", { file: PAGE, value: opened.value })).status).toBe(200);
    expect(await beatFor(cal, PAGE, DEFAULT_LIMITS.idleMs - 1)).toEqual([200]);
    expect((await heartbeat(cal, PAGE)).status).toBe(200);
    clock.advance(1);
    expect(await heartbeat(cal, PAGE)).toEqual(signedOut);
  });
});
