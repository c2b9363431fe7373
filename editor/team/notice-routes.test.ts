// @vitest-environment node
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER } from "../protocol.ts";
import { editorInstance } from "../server/app.ts";
import { noticeRoutes } from "./notice-routes.ts";
import { teamAuthPlugin } from "./plugin.ts";
import type { Role } from "./roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "./sessions.ts";
import type { TeamStore } from "./store.ts";
import { ORIGIN, PEOPLE, PUBLIC_URL, tempStore, testClock } from "../../tests/support/editor/team/test-support.ts";

/** GET and POST /team/notices: each person reads and changes their own e-mail notices, and nobody else's. */

const opened: { app: FastifyInstance; store: TeamStore }[] = [];
afterEach(async () => {
  for (const { app, store } of opened.splice(0)) {
    await app.close();
    await store.close();
  }
});

async function server(sending: boolean) {
  const clock = testClock();
  const { store } = tempStore();
  const { app } = editorInstance();
  await app.register(teamAuthPlugin, {
    publicUrl: PUBLIC_URL,
    secureCookies: false,
    people: () => PEOPLE,
    store,
    now: clock.now,
  });
  noticeRoutes(app, store, sending, clock.now);
  await app.ready();
  opened.push({ app, store });
  const as = async (email: string, role: Role) => {
    const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
    const id = await keeper.start(email, role);
    const csrf = (await keeper.resume(id))!.csrfToken;
    const headers = { origin: ORIGIN, cookie: `editor-session=${id}`, [EDITOR_TOKEN_HEADER]: csrf };
    return {
      read: async () => (await app.inject({ method: "GET", url: "/team/notices", headers })).json() as unknown,
      change: async (payload: unknown) => {
        const response = await app.inject({
          method: "POST",
          url: "/team/notices",
          headers,
          payload: payload as Record<string, unknown>,
        });
        return { status: response.statusCode, body: response.json() as unknown };
      },
    };
  };
  return { as, store };
}

const INVALID = {
  status: 400,
  body: {
    error: {
      code: "TEAM_NOTICES_INVALID",
      title: "Notice choice invalid",
      message: "give reviewRequested or ownRequests (or both), each true or false",
      hint: 'Send { "reviewRequested": true|false, "ownRequests": true|false }; either may be left out to keep it as it is.',
    },
  },
};

describe("each person's e-mail notices", () => {
  it("are all on at first, change one at a time, and are each person's own", async () => {
    const { as } = await server(true);
    const pat = await as("pat@example.com", "publisher");
    const bob = await as("bob@example.com", "author");
    expect(await pat.read()).toEqual({ reviewRequested: true, ownRequests: true, sending: true });
    expect(await pat.change({ reviewRequested: false })).toEqual({
      status: 200,
      body: { reviewRequested: false, ownRequests: true, sending: true },
    });
    expect(await pat.change({ ownRequests: false })).toEqual({
      status: 200,
      body: { reviewRequested: false, ownRequests: false, sending: true },
    });
    expect(await pat.read()).toEqual({ reviewRequested: false, ownRequests: false, sending: true });
    expect(await bob.read()).toEqual({ reviewRequested: true, ownRequests: true, sending: true });
    // A viewer may choose too: nothing is sent to them today, and their choice holds if their role grows.
    const vic = await as("vic@example.org", "viewer");
    expect((await vic.change({ ownRequests: false })).status).toBe(200);
  });

  it("say that nothing is sent when the editor has no SMTP server", async () => {
    const { as } = await server(false);
    expect(await (await as("pat@example.com", "publisher")).read()).toEqual({
      reviewRequested: true,
      ownRequests: true,
      sending: false,
    });
  });

  it("refuse a change that is not true or false, or names neither notice, and keep what was chosen", async () => {
    const { as } = await server(true);
    const pat = await as("pat@example.com", "publisher");
    await pat.change({ reviewRequested: false });
    for (const payload of [{}, { reviewRequested: "no" }, { ownRequests: 0, reviewRequested: true }, { other: true }])
      expect({ payload, ...(await pat.change(payload)) }).toEqual({ payload, ...INVALID });
    expect(await pat.read()).toEqual({ reviewRequested: false, ownRequests: true, sending: true });
  });
});
