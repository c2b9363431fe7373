/**
 * Leads CLI, on the configured store (DATABASE_URL, else SQLITE_PATH or data/leads.db):
 *   npm run leads -- export --format csv|json      all leads to stdout
 *   npm run leads -- erase --email person@example  GDPR erasure: leads, idempotency records, outbox rows
 *   npm run leads -- purge --older-than 365d       retention: leads created before now minus the age
 *   npm run leads -- list --spam                   leads kept in quarantine (the form's trap was filled)
 *   npm run leads -- release <id>                  takes one out of quarantine: forwarded and notified as new
 */
import type { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  CatalogueError,
  catalogueError,
  describeError,
  formatCatalogueError,
  leadApiErrors,
  leadsCliErrors,
  leadsCliLines,
} from "../contract/errors.ts";
import { printToStderr } from "../toolchain/print.ts";
import { loadOutboxChannels, loadStoreConfig } from "../server/config.ts";
import { openStore } from "../server/db/index.ts";
import { LEAD_COLUMNS, type LeadRecord, type QuarantinedLead, stderrLog } from "../server/db/store.ts";

const USAGE =
  "usage: npm run leads -- export --format csv|json | erase --email <address> | purge --older-than <N>d | list --spam | release <id>";
const COMMANDS = ["export", "erase", "purge", "list", "release"];
const CSV_FIELDS = ["id", "createdAt", ...Object.keys(LEAD_COLUMNS)] as (keyof LeadRecord)[];

/** RFC 4180 quoting; a leading = + - @ is prefixed with ' so spreadsheets do not run it as a formula. */
function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

function* csvChunks(leads: LeadRecord[]): Generator<string> {
  yield `${CSV_FIELDS.join(",")}\r\n`;
  for (const lead of leads) yield `${CSV_FIELDS.map((field) => csvCell(lead[field])).join(",")}\r\n`;
}

/** The same text as `JSON.stringify(leads, null, 2)`, one lead at a time. */
function* jsonChunks(leads: LeadRecord[]): Generator<string> {
  if (leads.length === 0) {
    yield "[]\n";
    return;
  }
  yield "[\n";
  for (const [index, lead] of leads.entries()) {
    const separator = index === leads.length - 1 ? "\n" : ",\n";
    yield `${JSON.stringify(lead, null, 2).replace(/^/gm, "  ")}${separator}`;
  }
  yield "]\n";
}

export function toCsv(leads: LeadRecord[]): string {
  return [...csvChunks(leads)].join("");
}

/**
 * Writes every chunk and resolves only once the last one has been handed to the operating system.
 * Pipes take output asynchronously: exiting before that (or ignoring back-pressure from a slow reader)
 * cuts the export short, and a closed or full destination must fail the command, never end it quietly.
 */
export async function writeAll(out: Writable, chunks: Iterable<string>): Promise<void> {
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const onError = (error: Error) => {
    failure ??= error;
    wake?.();
  };
  const onDrain = () => wake?.();
  out.on("error", onError);
  out.on("drain", onDrain);
  // A file or a Linux pipe is written synchronously, so its errors are thrown rather than emitted.
  const write = (chunk: string, done?: () => void) => {
    try {
      return out.write(chunk, (error) => {
        if (error) onError(error);
        done?.();
      });
    } catch (error) {
      onError(error as Error);
      done?.();
      return true;
    }
  };
  try {
    for (const chunk of chunks) {
      if (failure) break;
      if (!write(chunk)) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!failure) await new Promise<void>((resolve) => write("", resolve));
  } finally {
    out.off("error", onError);
    out.off("drain", onDrain);
  }
  if (failure) {
    throw catalogueError(leadsCliErrors.exportWriteFailed, {
      reason: (failure as NodeJS.ErrnoException).code ?? failure.message,
    });
  }
}

/** One block per quarantined lead, for a person to review: what was sent, and what filled the trap. */
function* spamChunks(leads: QuarantinedLead[]): Generator<string> {
  for (const lead of leads) {
    const fields = Object.keys(LEAD_COLUMNS)
      .filter((field) => lead[field as keyof LeadRecord] !== undefined)
      .map((field) => `  ${field}: ${JSON.stringify(lead[field as keyof LeadRecord])}\n`);
    yield `${lead.id}  ${lead.createdAt}  trap: ${JSON.stringify(lead.spamTrap)}\n${fields.join("")}\n`;
  }
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
      spam: { type: "boolean", default: false },
    },
  });
  const [command, id] = positionals;
  if (!COMMANDS.includes(command ?? "") || (command === "list" && !values.spam) || (command === "release" && !id)) {
    console.error(formatCatalogueError(catalogueError(leadsCliErrors.usage, { usage: USAGE })));
    return 2;
  }
  const store = await openStore(loadStoreConfig(), stderrLog);
  try {
    if (command === "export") {
      if (values.format !== "csv" && values.format !== "json") {
        throw catalogueError(leadsCliErrors.badFormat, { format: values.format ?? "" });
      }
      const leads = await store.exportLeads();
      await writeAll(process.stdout, values.format === "csv" ? csvChunks(leads) : jsonChunks(leads));
      printToStderr(leadsCliLines.exported, { count: leads.length });
    } else if (command === "list") {
      const spam = await store.listQuarantined();
      await writeAll(process.stdout, spamChunks(spam));
      printToStderr(leadsCliLines.quarantined, { count: spam.length });
    } else if (command === "release") {
      const channels = loadOutboxChannels();
      const result = await store.releaseQuarantined(id, channels, Date.now());
      if (result !== "released") {
        const entry = result === "not-found" ? leadApiErrors.leadNotFound : leadApiErrors.leadNotQuarantined;
        console.error(describeError(entry, id));
        return 1;
      }
      printToStderr(leadsCliLines.released, { id, channels });
    } else if (command === "erase") {
      if (!values.email) throw catalogueError(leadsCliErrors.eraseNeedsEmail);
      const erased = await store.eraseByEmail(values.email);
      printToStderr(leadsCliLines.erased, { count: erased, email: values.email });
    } else {
      if (!values["older-than"]) throw catalogueError(leadsCliErrors.purgeNeedsAge);
      const before = Date.now() - parseAge(values["older-than"]);
      const purged = await store.purgeLeadsBefore(before);
      printToStderr(leadsCliLines.purged, { count: purged, before: new Date(before).toISOString() });
    }
    return 0;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // process.exitCode, never process.exit(): exiting at once would drop output still queued for a pipe.
  run(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof CatalogueError ? formatCatalogueError(error) : error);
      process.exitCode = 1;
    },
  );
}
