// @vitest-environment node
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/measure/lead-server.ts";
import { VALID_LEAD } from "../../tests/support/lead-api-suite.ts";
import { leadApiErrors } from "../../contract/errors.ts";
import { buildServer } from "../app.ts";
import { testConfig } from "../../tests/support/server.ts";
import { headerOf, startSmtpServer } from "../../tests/support/smtp-server.ts";
import { createSqliteStore } from "./sqlite.ts";

const root = path.resolve(import.meta.dirname, "../..");

function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr })),
  );
}

describe("npm run leads -- list --spam / release", () => {
  it("lists quarantined leads, and a released one is notified like a new lead", async () => {
    const sqlitePath = path.join(mkdtempSync(path.join(tmpdir(), "voxa-quarantine-")), "leads.db");
    const store = createSqliteStore(sqlitePath);
    await store.claim("quarantine-key-1", "fp", 0, 0);
    await store.saveLead({
      id: "lead-spam-1",
      lead: { ...VALID_LEAD, industry: "Insurance" },
      createdAt: Date.parse("2026-03-02T09:00:00.000Z"),
      idempotencyKey: "quarantine-key-1",
      response: { status: 201, body: {} },
      spamTrap: "autofilled value",
      outboxChannels: ["email"],
    });
    await store.close();

    const smtpPort = await freePort();
    const env = {
      SQLITE_PATH: sqlitePath,
      LEAD_NOTIFY_TO: "sales@voxa.example",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    };
    const list = await cli(["list", "--spam"], env);
    expect(list.status).toBe(0);
    expect(list.stdout).toContain('lead-spam-1  2026-03-02T09:00:00.000Z  trap: "autofilled value"\n');
    expect(list.stdout).toContain('  companyEmail: "amelia.hughes@northbank-insurance.example"\n');
    expect(list.stderr).toBe("1 lead(s) in quarantine; `npm run leads -- release <id>` releases one.\n");

    const unknown = await cli(["release", "lead-nope"], env);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(`LEAD_NOT_FOUND: ${leadApiErrors.leadNotFound.message} (lead-nope).`);
    expect((await cli(["list"], env)).status).toBe(2);

    const released = await cli(["release", "lead-spam-1"], env);
    expect(released.status).toBe(0);
    expect(released.stderr).toBe("✔ Released lead lead-spam-1: it is exported like any lead; queued for email.\n");
    const again = await cli(["release", "lead-spam-1"], env);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("LEAD_NOT_QUARANTINED");
    expect((await cli(["list", "--spam"], env)).stdout).toBe("");

    // The server's outbox sends the released lead to the sales inbox.
    const smtp = await startSmtpServer(smtpPort);
    const app = await buildServer({ config: testConfig(env) });
    try {
      await expect
        .poll(() => smtp.received.map((mail) => headerOf(mail, "Subject")), { timeout: 10_000 })
        .toEqual(["New lead: Amelia Hughes, Northbank Insurance"]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
