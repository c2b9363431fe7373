// @vitest-environment node
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLBACK_PATH, oidcSignIn } from "./oidc.ts";
import {
  startTestProvider,
  type ProviderAccount,
  type TestProvider,
} from "../../tests/support/editor/team/test-provider.ts";
import { cookieFrom, PUBLIC_URL, teamServer, tempStore } from "../../tests/support/editor/team/test-support.ts";

/** The provider's accounts: the account id typed at its login form, and the claims it vouches for. */
const ACCOUNTS: Record<string, ProviderAccount> = {
  bob: { email: "Bob@example.com", email_verified: true },
  unverified: { email: "pat@example.com", email_verified: false },
  stranger: { email: "eve@evil.example", email_verified: true },
};

let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider(ACCOUNTS, new URL(CALLBACK_PATH, PUBLIC_URL));
});
afterAll(() => provider.stop());

/** The browser at the provider: follows redirects, keeps its cookies, signs in as `account` and consents. */
async function atProvider(start: URL, account: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      redirect: "manual",
      method: form ? "POST" : "GET",
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
      body: form,
    });
    form = undefined;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      if (url.origin === PUBLIC_URL.origin) return url;
      continue;
    }
    const page = await response.text();
    if (!url.pathname.startsWith("/interaction/")) throw new Error(`the provider answered ${response.status}: ${page}`);
    form = new URLSearchParams(
      page.includes('name="login"') ? { prompt: "login", login: account, password: "any" } : { prompt: "consent" },
    );
  }
  throw new Error("the provider never sent the browser back");
}

async function setup() {
  // The provider signs with the real time: the editor keeps it too.
  const clock = { now: Date.now };
  const storage = tempStore();
  const oidc = oidcSignIn(
    {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      publicUrl: PUBLIC_URL,
    },
    storage.store,
    clock.now,
  );
  const server = await teamServer({ now: clock.now, oidc }, storage);
  /** Starts a sign-in in the editor and goes through the provider; answers the callback and the flow cookie. */
  const signInAs = async (account: string) => {
    const started = await server.app.inject({ method: "GET", url: "/team/oidc/start" });
    expect(started.statusCode).toBe(303);
    const flowCookie = String(started.headers["set-cookie"]).split(";")[0];
    const callback = await atProvider(new URL(String(started.headers.location)), account);
    return { callback, flowCookie };
  };
  const callBack = (callback: URL, flowCookie: string) =>
    server.app.inject({ method: "GET", url: callback.pathname + callback.search, headers: { cookie: flowCookie } });
  return { ...server, signInAs, callBack, cleanup: () => Promise.all([server.app.close(), storage.store.close()]) };
}

describe("sign-in with the team's OpenID Connect provider", () => {
  it("gives an allowed, verified address a session with the people file's role", async () => {
    const { app, signInAs, callBack, store, logLines, cleanup } = await setup();
    const { callback, flowCookie } = await signInAs("bob");
    expect(flowCookie).toMatch(/^editor-sign-in=[A-Za-z0-9_-]{43}$/);
    const done = await callBack(callback, flowCookie);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/");
    const cookie = cookieFrom(done.headers["set-cookie"]);
    const session = await app.inject({ method: "GET", url: "/team/session", headers: { cookie } });
    expect(session.json()).toMatchObject({ email: "bob@example.com", role: "author" });
    expect((await store.queryAudit({ person: "bob@example.com" })).map((e) => [e.action, e.detail])).toEqual([
      ["sign-in", { via: "oidc", role: "author" }],
    ]);
    const secrets = [
      callback.searchParams.get("code") ?? "",
      callback.searchParams.get("state") ?? "",
      cookie.split("=")[1],
      flowCookie.split("=")[1],
    ];
    expect(logLines.some((line) => line.includes(CALLBACK_PATH))).toBe(true);
    for (const line of logLines) for (const secret of secrets) expect(line).not.toContain(secret);
    await cleanup();
  });

  it("refuses an answer whose state is not the sign-in's", async () => {
    const { signInAs, callBack, cleanup } = await setup();
    const { callback, flowCookie } = await signInAs("bob");
    callback.searchParams.set("state", "a-state-from-another-sign-in");
    const refused = await callBack(callback, flowCookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: {
        code: "TEAM_STATE_MISMATCH",
        message: "The provider's answer does not belong to this sign-in",
        hint: "Start the sign-in again from the editor; a link to the callback from elsewhere is refused.",
      },
    });
    expect(refused.headers["set-cookie"]).toBe("editor-sign-in=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    await cleanup();
  });

  it("refuses an ID token whose nonce is not the sign-in's", async () => {
    const { signInAs, callBack, databaseFile, store, cleanup } = await setup();
    const { callback, flowCookie } = await signInAs("bob");
    const db = new Database(databaseFile);
    db.prepare("UPDATE team_sign_in_flows SET nonce = 'a-nonce-of-another-sign-in'").run();
    db.close();
    const refused = await callBack(callback, flowCookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: {
        code: "TEAM_PROVIDER_REFUSED",
        message: "The provider's answer could not be verified",
        hint: "Start the sign-in again; if it fails again, check EDIT_OIDC_* and the editor's clock, and read the server's log.",
      },
    });
    expect((await store.queryAudit({})).map((e) => e.action)).toEqual(["sign-in-failed"]);
    await cleanup();
  });

  it("refuses a callback without the sign-in's cookie, or used twice", async () => {
    const { signInAs, callBack, cleanup } = await setup();
    const { callback, flowCookie } = await signInAs("bob");
    const expected = {
      error: {
        code: "TEAM_SIGN_IN_EXPIRED",
        title: "Sign-in expired",
        message: "This sign-in was not started here or took too long",
        hint: "Start the sign-in again from the editor's sign-in page.",
      },
    };
    const withoutCookie = await callBack(callback, "");
    expect(withoutCookie.statusCode).toBe(400);
    expect(withoutCookie.json()).toEqual(expected);
    expect((await callBack(callback, flowCookie)).statusCode).toBe(303);
    const again = await callBack(callback, flowCookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(expected);
    await cleanup();
  });

  it("refuses an address the provider has not verified", async () => {
    const { signInAs, callBack, cleanup } = await setup();
    const { callback, flowCookie } = await signInAs("unverified");
    const refused = await callBack(callback, flowCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: {
        code: "TEAM_EMAIL_NOT_VERIFIED",
        message: "The provider does not vouch for your e-mail address",
        hint: "Verify the address with the provider (or ask its administrator), then sign in again.",
      },
    });
    expect(refused.headers["set-cookie"]).not.toContain("editor-session=");
    await cleanup();
  });

  it("refuses an address the people file does not name", async () => {
    const { signInAs, callBack, store, cleanup } = await setup();
    const { callback, flowCookie } = await signInAs("stranger");
    const refused = await callBack(callback, flowCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: {
        code: "TEAM_NOT_ALLOWED",
        message: "This address may not use the editor",
        hint: "Ask an admin to add your address or domain to editor-team.json.",
      },
    });
    expect((await store.queryAudit({ person: "eve@evil.example" })).map((e) => e.detail)).toEqual([
      { via: "oidc", reason: "not in editor-team.json" },
    ]);
    await cleanup();
  });
});
