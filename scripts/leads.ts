/**
 * Leads CLI, on the configured store (DATABASE_URL, else SQLITE_PATH or data/leads.db):
 *   npm run leads -- export --format csv|json      all leads to stdout
 *   npm run leads -- erase --email person@example  GDPR erasure: leads, idempotency records, outbox rows
 *   npm run leads -- purge --older-than 365d       retention: leads created before now minus the age
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CatalogueError, catalogueError, formatCatalogueError, leadsCliErrors } from "../contract/errors.ts";
import { loadStoreConfig } from "../server/config.ts";
import { openStore } from "../server/db/index.ts";
import { LEAD_COLUMNS, type LeadRecord } from "../server/db/store.ts";

const USAGE = "usage: npm run leads -- export --format csv|json | erase --email <address> | purge --older-than <N>d";
const CSV_FIELDS = ["id", "createdAt", ...Object.keys(LEAD_COLUMNS)] as (keyof LeadRecord)[];

/** RFC 4180 quoting; a leading = + - @ is prefixed with ' so spreadsheets do not run it as a formula. */
function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(leads: LeadRecord[]): string {
  return (
    [CSV_FIELDS.join(","), ...leads.map((lead) => CSV_FIELDS.map((field) => csvCell(lead[field])).join(","))].join(
      "\r\n",
    ) + "\r\n"
  );
}

export function parseAge(text: string): number {
  const match = /^(\d+)d$/.exec(text);
  if (!match) throw catalogueError(leadsCliErrors.badAge, { text });
  return Number(match[1]) * 86_400_000;
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: "string", default: "json" },
      email: { type: "string" },
      "older-than": { type: "string" },
    },
  });
  const [command] = positionals;
  if (!["export", "erase", "purge"].includes(command ?? "")) {
    console.error(formatCatalogueError(catalogueError(leadsCliErrors.usage, { usage: USAGE })));
    return 2;
  }
  const store = await openStore(loadStoreConfig());
  try {
    if (command === "export") {
      const leads = await store.exportLeads();
      if (values.format === "csv") process.stdout.write(toCsv(leads));
      else if (values.format === "json") process.stdout.write(`${JSON.stringify(leads, null, 2)}\n`);
      else throw catalogueError(leadsCliErrors.badFormat, { format: values.format });
    } else if (command === "erase") {
      if (!values.email) throw catalogueError(leadsCliErrors.eraseNeedsEmail);
      const erased = await store.eraseByEmail(values.email);
      console.error(`Erased ${erased} lead(s) of ${values.email}, with their idempotency records and outbox rows.`);
    } else {
      if (!values["older-than"]) throw catalogueError(leadsCliErrors.purgeNeedsAge);
      const before = Date.now() - parseAge(values["older-than"]);
      const purged = await store.purgeLeadsBefore(before);
      console.error(`Purged ${purged} lead(s) created before ${new Date(before).toISOString()}.`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof CatalogueError ? formatCatalogueError(error) : error);
      process.exit(1);
    },
  );
}
