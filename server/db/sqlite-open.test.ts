// @vitest-environment node
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { leadApiErrors, messageOf } from "../../contract/errors.ts";
import { openSqlite } from "./sqlite.ts";

/** A volume that refuses WAL (a network share, some container mounts): SQLite stays in its rollback journal. */
class RefusesWal {
  closed = false;
  pragma(statement: string) {
    if (statement === "journal_mode") return "delete";
    if (statement === "synchronous") return 2;
    return undefined;
  }
  close() {
    this.closed = true;
  }
}

describe("opening the SQLite lead store", () => {
  it("refuses to start without WAL, with the catalogue's message", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "voxa-sqlite-open-")), "leads.db");
    const volume = new RefusesWal();
    expect(() => openSqlite(file, () => volume as unknown as Database.Database)).toThrow(
      expect.objectContaining({
        code: leadApiErrors.storeNotDurable.code,
        message: messageOf(leadApiErrors.storeNotDurable, { file, journal: "delete", synchronous: 2 }),
      }),
    );
    expect(volume.closed).toBe(true);
  });
});
