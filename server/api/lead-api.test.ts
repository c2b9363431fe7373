// @vitest-environment node
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSqliteStore } from "../db/sqlite.ts";
import { leadApiSuite } from "../../tests/support/lead-api-suite.ts";

leadApiSuite("SQLite", async () =>
  createSqliteStore(path.join(mkdtempSync(path.join(tmpdir(), "voxa-leads-")), "leads.db")),
);
