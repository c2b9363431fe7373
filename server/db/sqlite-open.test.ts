// @vitest-environment node
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { leadApiErrors, messageOf } from "../../contract/errors.ts";
import { openSqlite } from "./sqlite.ts";

// A volume that refuses WAL (a network share, some container mounts): SQLite stays in its rollback journal.
vi.mock("better-sqlite3", () => ({
  default: class {
    closed = false;
    pragma(statement: string) {
      if (statement === "journal_mode") return "delete";
      if (statement === "synchronous") return 2;
      return undefined;
    }
    close() {
      this.closed = true;
    }
  },
}));

describe("opening the SQLite lead store", () => {
  it("refuses to start without WAL, with the catalogue's message", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "voxa-sqlite-open-")), "leads.db");
    expect(() => openSqlite(file)).toThrow(
      expect.objectContaining({
        code: leadApiErrors.storeNotDurable.code,
        message: messageOf(leadApiErrors.storeNotDurable, { file, journal: "delete", synchronous: 2 }),
      }),
    );
  });
});
