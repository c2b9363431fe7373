// @vitest-environment node
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import type { Lead } from "../../contract/generated/schema-types.ts";
import { freePort } from "../../scripts/measure/lead-server.ts";
import { buildServer } from "../app.ts";
import { createSqliteStore } from "../db/sqlite.ts";
import { outboxPayload, type LeadStore } from "../db/store.ts";
import { testConfig } from "../../tests/support/server.ts";
import { newKey, VALID_LEAD } from "../../tests/support/lead-api-suite.ts";
import { emailSender } from "./notify-email.ts";
import { IDEMPOTENCY_HEADER, LEADS_ROUTE, TOKEN_HEADER, TOKEN_ROUTE } from "../../contract/lead-api.ts";

interface Received {
  from: string;
  to: string[];
  headers: string[];
  body: string;
}

/** A real SMTP server (the smtp-server package) on a loopback port, recording every message it accepts. */
async function startSmtp(port: number) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const split = raw.indexOf("\r\n\r\n");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          // Folded header lines are joined to their header.
          headers: raw
            .slice(0, split)
            .replace(/\r\n[ \t]+/g, " ")
            .split("\r\n"),
          body: decodeQuotedPrintable(raw.slice(split + 4)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8").replace(/\r\n/g, "\n");
}

const header = (message: Received, name: string) =>
  message.headers
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();

const START = Date.parse("2026-03-02T09:00:00.000Z");
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function leadServer(smtpPort: number, clock = { now: START }) {
  const store: LeadStore = createSqliteStore(path.join(mkdtempSync(path.join(tmpdir(), "voxa-notify-")), "leads.db"));
  const failures: number[] = [];
  let passes = 0;
  const app: FastifyInstance = await buildServer({
    config: testConfig({ LEAD_NOTIFY_TO: "sales@voxa.example", SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
    store: {
      ...store,
      dialect: store.dialect,
      leaseOutbox: async (...args) => {
        const leased = await store.leaseOutbox(...args);
        // A pass that found nothing due has ended: every message it leased before was sent or marked failed.
        if (leased.length === 0) passes += 1;
        return leased;
      },
      markFailed: async (...args) => {
        failures.push(args[1]);
        return store.markFailed(...args);
      },
    },
    now: () => clock.now,
    outboxPollMs: 5,
  });
  closers.push(() => app.close());
  const submit = async (body: unknown) => {
    const token = (await app.inject({ method: "POST", url: TOKEN_ROUTE })).json().data.token as string;
    return app.inject({
      method: "POST",
      url: LEADS_ROUTE,
      headers: { "content-type": "application/json", [TOKEN_HEADER]: token, [IDEMPOTENCY_HEADER]: newKey() },
      payload: JSON.stringify(body),
    });
  };
  /**
   * Waits for two more passes of the outbox (it looks every 5 ms) to find nothing due at the clock's time: what was due
   * before this call has then been handled, whatever the order of the passes.
   */
  const outboxSettled = async () => {
    const seen = passes;
    await expect.poll(() => passes, { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(seen + 2);
  };
  return { submit, failures, clock, outboxSettled };
}

describe("e-mail notification to the sales inbox", () => {
  it("sends each lead once, in plain text, with every field", async () => {
    const port = await freePort();
    const smtp = await startSmtp(port);
    closers.push(smtp.close);
    const { submit, outboxSettled } = await leadServer(port);
    const lead = { ...VALID_LEAD, phone: "+44 161 496 0000", comment: "Two lines:\nfirst notice of loss, é." };
    const response = await submit(lead);
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id as string;

    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    await outboxSettled();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(["sales@voxa.example"]);
    expect(mail.from).toBe("sales@voxa.example");
    expect(header(mail, "Subject")).toBe("New lead: Amelia Hughes, Northbank Insurance");
    expect(header(mail, "Reply-To")).toBe("amelia.hughes@northbank-insurance.example");
    expect(header(mail, "Message-ID")).toBe(`<lead-${id}@voxa.example>`);
    expect(header(mail, "Content-Type")).toMatch(/^text\/plain; charset=utf-8/);
    expect(mail.body).toBe(
      [
        "First name: Amelia",
        "Last name: Hughes",
        "Work e-mail: amelia.hughes@northbank-insurance.example",
        "Company: Northbank Insurance",
        "Job title: Head of Claims",
        "Phone: +44 161 496 0000",
        "Industry: Insurance",
        "Comment:",
        "Two lines:",
        "first notice of loss, é.",
        "",
        `Lead ${id}, received 2026-03-02T09:00:00.000Z.`,
        "",
      ].join("\n"),
    );
  });

  it("answers 201 while the SMTP server is down, and delivers once it is back a minute later", async () => {
    const port = await freePort();
    const { submit, failures, clock, outboxSettled } = await leadServer(port);
    const started = Date.now();
    const response = await submit(VALID_LEAD);
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(() => failures.length, { timeout: 10_000 }).toBeGreaterThan(0);

    // A minute of outage on the outbox's clock: every due retry fails, with growing backoff.
    for (let second = 0; second < 60; second += 5) {
      clock.now += 5_000;
      await outboxSettled();
    }
    expect(failures.length).toBeGreaterThan(2);
    expect(failures).toEqual(failures.map((_, index) => index + 1));

    const smtp = await startSmtp(port);
    closers.push(smtp.close);
    clock.now += 120_000;
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    expect(header(smtp.received[0], "Subject")).toBe("New lead: Amelia Hughes, Northbank Insurance");
    clock.now += 3_600_000;
    await outboxSettled();
    expect(smtp.received).toHaveLength(1);
  });

  it("refuses a name with CR/LF at the API, and never lets one add a header to the message", async () => {
    const port = await freePort();
    const smtp = await startSmtp(port);
    closers.push(smtp.close);
    const { submit } = await leadServer(port);
    const injected = { ...VALID_LEAD, lastName: "Hughes\r\nBcc: victim@example.com\r\nX-Injected: yes" };
    expect((await submit(injected)).statusCode).toBe(400);

    // A stored lead that somehow holds one (older data, another writer) still cannot break out of its header.
    const sender = emailSender({
      to: ["sales@voxa.example"],
      from: "leads@voxa.example",
      smtpUrl: `smtp://127.0.0.1:${port}`,
    });
    closers.push(async () => sender.close());
    await sender.send({
      id: 1,
      leadId: "lead-injected",
      channel: "email",
      attempts: 0,
      payload: outboxPayload("lead-injected", START, { ...injected, companyName: "Acme\nSubject: fake" } as Lead),
    });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(["sales@voxa.example"]);
    expect(mail.headers.filter((line) => /^(bcc|x-injected|subject):/i.test(line))).toEqual([
      "Subject: New lead: Amelia Hughes Bcc: victim@example.com X-Injected: yes, Acme Subject: fake",
    ]);
    expect(mail.body).toContain("Last name: Hughes Bcc: victim@example.com X-Injected: yes");
  });
});
