// @vitest-environment node
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAge, toCsv } from "../../scripts/leads.ts";
import { openSqlite } from "./sqlite.ts";

const root = path.resolve(import.meta.dirname, "../..");
const LEADS = 5_000;

describe("leads CLI helpers", () => {
  it("writes RFC 4180 CSV and defuses spreadsheet formulas", () => {
    const csv = toCsv([
      {
        id: "1",
        createdAt: "2026-03-02T09:00:00.000Z",
        firstName: "Amelia",
        lastName: 'O"Neil, Jr',
        companyEmail: "a@b.example",
        companyName: "=HYPERLINK(1)",
        comment: "two\nlines",
      },
    ]);
    expect(csv).toBe(
      "id,createdAt,firstName,lastName,companyEmail,companyName,jobTitle,companyWebsite,phone,industry,comment\r\n" +
        '1,2026-03-02T09:00:00.000Z,Amelia,"O""Neil, Jr",a@b.example,\'=HYPERLINK(1),,,,,"two\nlines"\r\n',
    );
  });

  it("reads retention ages in days and rejects anything else", () => {
    expect(parseAge("365d")).toBe(365 * 86_400_000);
    expect(() => parseAge("1y")).toThrow(expect.objectContaining({ code: "CLI002" }));
  });
});

describe("npm run leads -- export, piped", () => {
  let dir: string;
  let sqlitePath: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "voxa-export-"));
    sqlitePath = path.join(dir, "leads.db");
    const db = openSqlite(sqlitePath);
    const insert = db.prepare(
      "INSERT INTO leads (id, created_at, first_name, last_name, company_email, company_name, comment) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < LEADS; i++) {
        insert.run(
          `lead-${i}`,
          1_780_000_000_000 + i,
          "Amelia",
          `Lead ${i}`,
          `a${i}@example.com`,
          "Acme, Inc",
          "x".repeat(200),
        );
      }
    })();
    db.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the CLI with stdout on a pipe whose reader takes a pause after every chunk, as `| jq` on a busy machine. */
  async function exportThroughSlowReader(format: "json" | "csv") {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/leads.ts", "export", "--format", format], {
      cwd: root,
      env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const chunks: Buffer[] = [];
    for await (const chunk of child.stdout) {
      chunks.push(chunk as Buffer);
      await sleep(5);
    }
    return { status: await exited, stdout: Buffer.concat(chunks).toString("utf8"), stderr };
  }

  it("delivers every lead as JSON to a slow reader", async () => {
    const { status, stdout, stderr } = await exportThroughSlowReader("json");
    expect(status).toBe(0);
    const leads = JSON.parse(stdout) as { id: string }[];
    expect(leads).toHaveLength(LEADS);
    expect(leads.at(-1)?.id).toBe(`lead-${LEADS - 1}`);
    expect(stderr).toBe(`✔ Exported ${LEADS} lead(s).\n`);
  });

  it("delivers every lead as CSV to a slow reader: one header line plus one line per lead", async () => {
    const { status, stdout } = await exportThroughSlowReader("csv");
    expect(status).toBe(0);
    expect(stdout.split("\r\n").filter(Boolean)).toHaveLength(LEADS + 1);
  });

  it("fails with a non-zero status and says so when the destination refuses the data", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/leads.ts", "export", "--format", "csv"], {
      cwd: root,
      env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: "" },
      stdio: ["ignore", openSync("/dev/full", "w"), "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(status).toBe(1);
    expect(stderr).toContain("CLI006 export failed: could not write to standard output (ENOSPC)");
  });

  it("fails with a non-zero status when the reader goes away before the end", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/leads.ts", "export", "--format", "json"], {
      cwd: root,
      env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.stdout.once("data", () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(status).toBe(1);
    expect(stderr).toContain("CLI006 export failed: could not write to standard output (EPIPE)");
  });
});
