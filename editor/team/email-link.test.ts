// @vitest-environment node
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailLinks, LINK_TTL_MS, signInLinks, terminalDelivery } from "./email-link.ts";
import { hashSecret } from "./secrets.ts";
import {
  cookieFrom,
  ORIGIN,
  PUBLIC_URL,
  teamServer,
  tempStore,
  testClock,
} from "../../tests/support/editor/team/test-support.ts";

interface Mail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port, keeping every message it accepts. */
async function startSmtp() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8").replace(/=\r\n/g, ""),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("nothing arrived");
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function setup() {
  const smtp = await startSmtp();
  const clock = testClock();
  const storage = tempStore();
  const { store } = storage;
  const links = emailLinks(
    { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: "Page editor <editor@example.com>", publicUrl: PUBLIC_URL },
    store,
    clock.now,
  );
  const server = await teamServer({ now: clock.now, links }, storage);
  closers.push(
    smtp.close,
    () => server.app.close(),
    async () => links.close(),
    () => store.close(),
  );
  const ask = (email: string, ip = "10.0.0.1") =>
    server.app.inject({
      method: "POST",
      url: "/team/link",
      remoteAddress: ip,
      headers: { origin: ORIGIN },
      payload: { email },
    });
  const use = (token: string) =>
    server.app.inject({ method: "POST", url: "/team/link/use", headers: { origin: ORIGIN }, payload: { token } });
  const tokenFor = async (email: string) => {
    const mail = await until(() => smtp.received.find((m) => m.to.includes(email)));
    const match = /http:\/\/127\.0\.0\.1:5175\/team\/link#([A-Za-z0-9_-]{43})/.exec(mail.raw);
    if (!match) throw new Error("no link in the mail");
    return match[1];
  };
  return { ...server, smtp, clock, ask, use, tokenFor };
}

const LINK_SENT = {
  code: "TEAM_LINK_SENT",
  message: "If this address may use the editor, a sign-in link is on its way; it works once, for 15 minutes",
  hint: "Open the link in this browser; nothing arrived after a few minutes? Check the address and the spam folder.",
};
const LINK_INVALID = {
  error: {
    code: "TEAM_LINK_INVALID",
    title: "Sign-in link not valid",
    message: "This sign-in link was already used, has expired, or is not one of ours",
    hint: "Ask for a new link on the sign-in page: each link works once, for 15 minutes.",
  },
};

describe("sign-in by e-mailed link", () => {
  it("mails a link that signs in once with the people file's role, and refuses it the second time", async () => {
    const { ask, use, tokenFor, app, databaseFile, logLines, store, smtp } = await setup();
    const asked = await ask("Bob@Example.com");
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual(LINK_SENT);
    const token = await tokenFor("bob@example.com");
    // The sender's display name travels with its address.
    expect(smtp.received[0]!.raw).toMatch(/^From: Page editor <editor@example\.com>\r?$/m);

    const first = await use(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email: "bob@example.com", role: "author" });
    const cookie = cookieFrom(first.headers["set-cookie"]);
    expect(first.headers["set-cookie"]).toMatch(
      /^editor-session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const session = await app.inject({ method: "GET", url: "/team/session", headers: { cookie } });
    expect(session.json()).toMatchObject({ email: "bob@example.com", role: "author" });

    const second = await use(token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(LINK_INVALID);

    // A new sign-in in the same browser ends the session it had.
    await ask("bob@example.com");
    const again = await until(() =>
      smtp.received.map((m) => /team\/link#([A-Za-z0-9_-]{43})/.exec(m.raw)?.[1]).find((t) => t && t !== token),
    );
    const renewed = await app.inject({
      method: "POST",
      url: "/team/link/use",
      headers: { origin: ORIGIN, cookie },
      payload: { token: again },
    });
    expect(renewed.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/team/session", headers: { cookie } })).statusCode).toBe(401);

    const database =
      readFileSync(databaseFile).toString("latin1") + readFileSync(`${databaseFile}-wal`).toString("latin1");
    expect(database).not.toContain(token);
    for (const line of logLines) expect(line).not.toContain(token);
    expect((await store.queryAudit({ person: "bob@example.com" })).map((e) => [e.action, e.detail])).toEqual([
      ["sign-in", { via: "link", role: "author" }],
      ["sign-in", { via: "link", role: "author" }],
    ]);
  });

  it("stores the token hashed", async () => {
    const { ask, tokenFor, databaseFile } = await setup();
    await ask("pat@example.com");
    const token = await tokenFor("pat@example.com");
    const database =
      readFileSync(databaseFile).toString("latin1") + readFileSync(`${databaseFile}-wal`).toString("latin1");
    expect(database).toContain(hashSecret(token));
    expect(database).not.toContain(token);
  });

  it("refuses a link after 15 minutes", async () => {
    const { ask, use, tokenFor, clock } = await setup();
    await ask("pat@example.com");
    const token = await tokenFor("pat@example.com");
    clock.advance(LINK_TTL_MS);
    const late = await use(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(LINK_INVALID);
  });

  it("answers an address that may not sign in as it answers one that may, and mails it nothing", async () => {
    const { ask, smtp, store } = await setup();
    const stranger = await ask("eve@evil.example");
    expect(stranger.statusCode).toBe(202);
    expect(stranger.json()).toEqual(LINK_SENT);
    await ask("vic@example.org");
    await until(() => smtp.received.find((m) => m.to.includes("vic@example.org")));
    expect(smtp.received.flatMap((m) => m.to)).toEqual(["vic@example.org"]);
    expect((await store.queryAudit({ person: "eve@evil.example" })).map((e) => e.action)).toEqual(["sign-in-failed"]);
  });

  it("refuses a malformed address", async () => {
    const { ask } = await setup();
    const answer = await ask("not an address");
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: {
        code: "TEAM_EMAIL_INVALID",
        message: "Enter an e-mail address, such as jane.smith@company.com",
        hint: "Type the address the team uses for you.",
      },
    });
  });

  it("limits requests per address and per client", async () => {
    const { ask } = await setup();
    const TOO_MANY = {
      error: {
        code: "TEAM_TOO_MANY_ATTEMPTS",
        title: "Too many sign-in attempts",
        message: "Too many sign-in attempts for this address or from this network",
        hint: "Wait 15 minutes and try again.",
      },
    };
    for (let i = 0; i < 5; i++) expect((await ask("eve@evil.example", `10.0.1.${i}`)).statusCode).toBe(202);
    const sixth = await ask("eve@evil.example", "10.0.1.9");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(TOO_MANY);
    for (let i = 0; i < 19; i++) await ask(`eve${i}@evil.example`, "10.0.2.1");
    // The client's 20th attempt in the window passes, its 21st does not, each with an address of its own.
    const busyClient = await ask("mallory@evil.example", "10.0.2.1");
    expect(busyClient.statusCode).toBe(202);
    const over = await ask("trent@evil.example", "10.0.2.1");
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(TOO_MANY);
  });

  it("serves the link's page with a strict Content-Security-Policy", async () => {
    const { app } = await setup();
    const page = await app.inject({ method: "GET", url: "/team/link" });
    expect(page.headers["content-security-policy"]).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(page.body).toContain('<p id="status">Signing in…</p>');
  });
});

describe("sign-in links printed in the terminal (one machine, no SMTP server)", () => {
  async function terminal() {
    const clock = testClock();
    const storage = tempStore();
    const links = signInLinks(PUBLIC_URL, terminalDelivery(), storage.store, clock.now);
    const server = await teamServer({ now: clock.now, links, linksToTerminal: true }, storage);
    closers.push(
      () => server.app.close(),
      () => storage.store.close(),
    );
    const printed: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    closers.push(async () => spy.mockRestore());
    const ask = (email: string) =>
      server.app.inject({ method: "POST", url: "/team/link", headers: { origin: ORIGIN }, payload: { email } });
    return { ...server, ask, printed };
  }

  it("says on the page where the link goes, and offers no e-mail", async () => {
    const { app } = await terminal();
    const page = (await app.inject({ method: "GET", url: "/team/sign-in" })).body;
    expect(page).toContain(">Get a sign-in link</button>");
    expect(page).toContain("On this machine, the link is printed in the terminal that started the editor.");
    expect(page).not.toContain("E-mail me");
  });

  it("prints the link of an allowed address, and says in the terminal why an address gets none", async () => {
    const { ask, printed } = await terminal();
    const allowed = await ask("bob@example.com");
    const refused = await ask("eve@evil.example");
    // The page answers the same for everyone: whoever types an address learns nothing of who may sign in.
    expect([allowed.statusCode, refused.statusCode]).toEqual([202, 202]);
    expect(refused.json()).toEqual(allowed.json());
    expect(allowed.json()).toEqual({
      code: "TEAM_LINK_PRINTED",
      message:
        "If this address may use the editor, its sign-in link is printed in the terminal that started the editor; it works once, for 15 minutes",
      hint: "Open the link from the terminal in this browser; the terminal says so when the address may not sign in.",
    });
    // The link is printed once stored, after the answer: the two lines may come in either order.
    await until(() => (printed.length === 2 ? true : undefined));
    expect([...printed].sort()).toEqual([
      "No sign-in link for eve@evil.example: neither the address nor its domain is in editor-team.json (the page answered as for anyone)",
      expect.stringMatching(
        /^Sign-in link for bob@example\.com \(works once, for 15 minutes\): http:\/\/127\.0\.0\.1:5175\/team\/link#[A-Za-z0-9_-]{43}$/,
      ),
    ]);
  });
});
