/** Leads: the lead form's messages, the lead API (fields, refusals, outbox, settings), the leads CLI, benchmarks. */
import { entry, info, success } from "./entry.ts";
import { leadFormErrors, leadFormToasts } from "../lead-form-messages.ts";
import {
  STATUS_BAD_REQUEST,
  STATUS_RATE_LIMITED,
  STATUS_SERVER_ERROR,
  STATUS_TOKEN_REFUSED,
  STATUS_TOO_LARGE,
} from "../lead-api.ts";

/**
 * The lead form's messages to the visitor (contract/lead-form-messages.ts, which the browser loads) with the title and
 * hint of each, which only the docs need.
 */
export const leadFormMessages = {
  network: entry({
    ...leadFormErrors.network,
    title: "API unreachable",
    hint: "The request never reached a server (offline, DNS, CORS, connection reset): check the API is up and allows the site's origin.",
  }),
  tokenFailed: entry({
    ...leadFormErrors.tokenFailed,
    title: "Token call failed",
    hint: "POST /api/tokens/lead answered an error status: read the server's log.",
  }),
  leadNotCreated: entry({
    ...leadFormErrors.leadNotCreated,
    title: "Lead not created",
    hint: "The lead call answered 2xx with success: false: read the server's log.",
  }),
  sessionExpired: entry({
    ...leadFormErrors.sessionExpired,
    title: "Token refused twice",
    hint: "The lead call answered 401 even with a fresh token: check every instance shares LEAD_TOKEN_SECRET and its clock.",
  }),
  badRequest: entry({
    ...leadFormErrors.badRequest,
    title: "Lead refused",
    hint: "The lead call answered 400 or 413: its answer lists the field errors (LEAD1xx).",
  }),
  server: entry({
    ...leadFormErrors.server,
    title: "Server error",
    hint: "The lead call answered 500 or above, or 429 (rate limited): read the server's log.",
  }),
  unknown: entry({
    ...leadFormErrors.unknown,
    title: "Submission failed",
    hint: "The lead call answered a status the form does not expect: read the server's log.",
  }),
  noToken: entry({
    ...leadFormErrors.noToken,
    title: "No usable token",
    hint: "The token call answered 2xx without a token or with one already expired: check the server's clock.",
  }),
  successToast: entry({ ...leadFormToasts.success, hint: "The lead is stored; nothing to do." }),
  failureToast: entry({
    ...leadFormToasts.failure,
    hint: "Shown with one of FORM001-FORM008 in the banner: see that entry.",
  }),
} as const;

/** Field errors of the lead API (`POST /api/leads`, status 400): what is wrong with each field of the lead. */
export const leadFieldErrors = {
  required: entry({ code: "LEAD101", title: "Field missing", message: "is required", hint: "Send the field." }),
  unknown: entry({
    code: "LEAD102",
    title: "Not a lead field",
    message: "is not a lead field",
    hint: "Send only the fields of schemas/lead.schema.json.",
  }),
  empty: entry({ code: "LEAD103", title: "Field empty", message: "must not be empty", hint: "Fill in the field." }),
  tooLong: entry<{ max: number }>({
    code: "LEAD104",
    title: "Field too long",
    message: ({ max }) => `must be at most ${max} characters`,
    hint: "Shorten the text.",
  }),
  email: entry({
    code: "LEAD105",
    title: "Invalid e-mail address",
    message: "must be an e-mail address",
    hint: "Send an address such as jane.smith@company.com.",
  }),
  url: entry({
    code: "LEAD109",
    title: "Invalid web address",
    message: "must be a web address",
    hint: "Send a full address such as https://company.com, without spaces.",
  }),
  form: entry({
    code: "LEAD106",
    title: "Field not in the expected form",
    message: "is not in the expected form",
    hint: "Send the value in the form schemas/lead.schema.json describes.",
  }),
  choice: entry<{ allowed: readonly unknown[] }>({
    code: "LEAD107",
    title: "Value not offered",
    message: ({ allowed }) => `must be one of: ${allowed.map(String).join(", ")}`,
    hint: "Send one of the listed values.",
  }),
  type: entry<{ expected: string }>({
    code: "LEAD108",
    title: "Wrong kind of value",
    message: ({ expected }) => `must be ${/^[aeiou]/.test(expected) ? "an" : "a"} ${expected}`,
    hint: "Send a JSON value of the kind asked.",
  }),
} as const;

/**
 * The lead API, its outbox and the server's lead settings: what a visitor's client or an operator sees, in answers,
 * logs and the leads CLI.
 */
export const leadApiErrors = {
  tokenIssued: entry({
    code: "LEAD_TOKEN_ISSUED",
    status: 200,
    title: "Lead token issued",
    message: "Token issued",
    hint: "Send the token in the X-Lead-Token header of POST /api/leads before it expires (expiresAt).",
  }),
  leadReceived: entry({
    code: "LEAD_RECEIVED",
    status: 201,
    title: "Lead stored",
    message: "Lead received",
    hint: "Nothing to do: the lead is stored. A retry with the same Idempotency-Key and body gets this answer again.",
  }),
  tokenMissing: entry({
    code: "LEAD_TOKEN_MISSING",
    status: STATUS_TOKEN_REFUSED,
    title: "No lead token",
    message: "A lead token is required in the X-Lead-Token header",
    hint: "Call POST /api/tokens/lead first and send its token in the X-Lead-Token header.",
  }),
  tokenInvalid: entry({
    code: "LEAD_TOKEN_INVALID",
    status: STATUS_TOKEN_REFUSED,
    title: "Invalid lead token",
    message: "The lead token is invalid",
    hint: "Send the token exactly as POST /api/tokens/lead returned it; a token of a server with another LEAD_TOKEN_SECRET is refused.",
  }),
  tokenExpired: entry({
    code: "LEAD_TOKEN_EXPIRED",
    status: STATUS_TOKEN_REFUSED,
    title: "Lead token expired",
    message: "The lead token has expired",
    hint: "Get a fresh token from POST /api/tokens/lead and send the lead again.",
  }),
  idempotencyKeyMissing: entry({
    code: "IDEMPOTENCY_KEY_MISSING",
    status: STATUS_BAD_REQUEST,
    title: "No Idempotency-Key",
    message: "An Idempotency-Key header (8 to 255 printable characters) is required",
    hint: "Send a new key with each submission (a UUID works), and the same key when retrying it.",
  }),
  idempotencyKeyReused: entry({
    code: "IDEMPOTENCY_KEY_REUSED",
    status: 422,
    title: "Idempotency-Key reused",
    message: "This Idempotency-Key was already used with a different request body",
    hint: "Use a new key for a new submission; retry a submission only with its own key and body.",
  }),
  idempotencyKeyInFlight: entry({
    code: "IDEMPOTENCY_KEY_IN_FLIGHT",
    status: 409,
    title: "Same request still running",
    message: "A request with this Idempotency-Key is still being processed; retry shortly",
    hint: "Wait for the Retry-After delay and send the same request again.",
  }),
  leadInvalid: entry({
    code: "LEAD_INVALID",
    status: STATUS_BAD_REQUEST,
    title: "Invalid lead",
    message: "The lead is invalid",
    hint: "Correct the fields listed in `errors` (each with its own code) and send the lead again.",
  }),
  bodyTooLarge: entry({
    code: "API_BODY_TOO_LARGE",
    status: STATUS_TOO_LARGE,
    title: "Request body too large",
    message: "The request body is larger than 16 KiB",
    hint: "Shorten the text fields; a lead fits well under 16 KiB.",
  }),
  unsupportedMediaType: entry({
    code: "API_UNSUPPORTED_MEDIA_TYPE",
    status: 415,
    title: "Request body not JSON",
    message: "The request body must be application/json",
    hint: "Send the lead as a JSON object with Content-Type: application/json.",
  }),
  malformedJson: entry({
    code: "API_MALFORMED_JSON",
    status: STATUS_BAD_REQUEST,
    title: "Request body unreadable",
    message: "The request body is not valid JSON",
    hint: "Send one JSON object; keys such as __proto__ and constructor.prototype are refused.",
  }),
  rateLimited: entry({
    code: "API_RATE_LIMITED",
    status: STATUS_RATE_LIMITED,
    title: "Too many requests",
    message: "Too many requests; retry later",
    hint: "Wait for the Retry-After delay (RateLimit-Reset says when the window ends) before sending again.",
  }),
  leadNotStored: entry({
    code: "LEAD_NOT_STORED",
    status: STATUS_SERVER_ERROR,
    title: "Lead not stored",
    message: "The lead could not be stored; retry with the same Idempotency-Key",
    hint: "Retry the same request (same key and body): nothing was stored. Operators: the server log says why.",
  }),
  controlCharacter: entry({
    code: "LEAD_CONTROL_CHARACTER",
    title: "Control character in a lead field",
    message:
      "must not contain control characters (such as NUL) or broken Unicode; line breaks are allowed in the comment only",
    hint: "Remove the invisible character (often pasted along with the text) and send the lead again.",
  }),
  trapInvalid: entry({
    code: "LEAD_TRAP_INVALID",
    title: "Unusable value in the form's hidden field",
    message: "must be text of at most 1000 characters, without control characters",
    hint: "Leave the hidden field empty; people never see it.",
  }),
  apiNotFound: entry({
    code: "API_NOT_FOUND",
    status: 404,
    title: "Unknown API path",
    message: "There is no API endpoint at this path",
    hint: "The lead API has two endpoints: POST /api/tokens/lead and POST /api/leads.",
  }),
  methodNotAllowed: entry({
    code: "API_METHOD_NOT_ALLOWED",
    status: 405,
    title: "Method not allowed",
    message: "This endpoint does not accept this method",
    hint: "Send the methods listed in the Allow header (POST).",
  }),
  rateLimitStoreDown: entry({
    code: "RATE_LIMIT_STORE_DOWN",
    title: "Shared rate-limit store unreachable",
    message:
      "The shared rate-limit store (Redis) cannot be reached; requests are accepted without a rate limit until it answers again",
    hint: "Check that Redis is running and that REDIS_URL points to it; leads keep being accepted meanwhile.",
  }),
  databaseConnectionLost: entry({
    code: "DB_CONNECTION_LOST",
    title: "Database connection lost",
    message:
      "PostgreSQL ended an idle connection of the lead API's pool; the next request opens another, and no lead was being written on it",
    hint: "Nothing to do once (PostgreSQL restarted, or a proxy or idle_session_timeout closed it); if it repeats, check PostgreSQL and the network to it.",
  }),
  rateLimitStoreBack: entry({
    code: "RATE_LIMIT_STORE_BACK",
    title: "Shared rate-limit store answers again",
    message: "The shared rate-limit store (Redis) answers again",
    hint: "Nothing to do: requests are counted against the shared limit again.",
    kind: "info",
  }),
  rateLimitPerInstance: entry({
    code: "RATE_LIMIT_PER_INSTANCE",
    title: "Rate limits counted per instance",
    message: "DATABASE_URL is set but REDIS_URL is not: each instance counts its own rate limit",
    hint: "With several instances behind a load balancer, set REDIS_URL so that they share one limit.",
  }),
  redisUrlInvalid: entry({
    code: "CONFIG_REDIS_URL_INVALID",
    title: "Invalid REDIS_URL",
    message: "REDIS_URL must be a redis:// or rediss:// URL",
    hint: "For example REDIS_URL=redis://127.0.0.1:6379/0.",
  }),
  integerSetting: entry<{ name: string; min: number; raw: string }>({
    code: "CONFIG_NOT_AN_INTEGER",
    title: "Setting is not a whole number",
    message: ({ name, min, raw }) => `${name} must be an integer >= ${min}, got "${raw}"`,
    hint: "Set it to a whole number, or unset it for its default (docs/server.md lists each setting and its default).",
  }),
  tokenSecretShort: entry({
    code: "CONFIG_TOKEN_SECRET_SHORT",
    title: "Form token secret too short",
    message: "LEAD_TOKEN_SECRET must be at least 32 characters",
    hint: "Generate one with `openssl rand -base64 48` and use the same value on every instance.",
  }),
  tokenSecretMissing: entry({
    code: "CONFIG_TOKEN_SECRET_MISSING",
    title: "Form token secret missing",
    message: "LEAD_TOKEN_SECRET is required when NODE_ENV=production (at least 32 characters)",
    hint: "Generate one with `openssl rand -base64 48` and use the same value on every instance, so that a form token from one verifies on the others.",
  }),
  corsWildcard: entry({
    code: "CONFIG_CORS_WILDCARD",
    title: "CORS open to every origin",
    message: "CORS_ORIGINS must list explicit origins, never *",
    hint: "List the sites allowed to post leads, comma-separated: CORS_ORIGINS=https://www.example.com,https://example.com.",
  }),
  siteMissing: entry<{ dir: string }>({
    code: "SERVER_NO_SITE",
    title: "No built site to serve",
    message: ({ dir }) => `No prerendered site in ${dir} (index.html is missing)`,
    hint: "Run `npm run build`, or `npm start`, which builds when needed; SITE_DIR or BUILD_DIR point elsewhere.",
  }),
  notFoundPageMissing: entry<{ dir: string }>({
    code: "SERVER_NO_404_PAGE",
    title: "Built site has no 404 page",
    message: ({ dir }) => `The prerendered site in ${dir} has no 404 page (404/index.html)`,
    hint: "Rebuild with `npm run build`: the build always writes it, so the directory is incomplete or from another tool.",
  }),
  notifyIncomplete: entry({
    code: "CONFIG_NOTIFY_INCOMPLETE",
    title: "E-mail notification half configured",
    message: "LEAD_NOTIFY_TO and SMTP_URL must be set together",
    hint: "Set both (LEAD_NOTIFY_TO=sales@example.com SMTP_URL=smtp://user:pass@mail.example.com:587) or neither.",
  }),
  notifyAddressInvalid: entry<{ address: string }>({
    code: "CONFIG_NOTIFY_ADDRESS_INVALID",
    title: "Invalid notification address",
    message: ({ address }) =>
      `${JSON.stringify(address)} is not an e-mail address: LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM must hold plain addresses (comma-separated for LEAD_NOTIFY_TO)`,
    hint: "For example LEAD_NOTIFY_TO=sales@example.com,ops@example.com.",
  }),
  smtpUrlInvalid: entry({
    code: "CONFIG_SMTP_URL_INVALID",
    title: "Invalid SMTP_URL",
    message: "SMTP_URL must be an smtp:// or smtps:// URL",
    hint: "For example SMTP_URL=smtps://user:password@mail.example.com:465 (percent-encode special characters).",
  }),
  outboxDeliveryFailed: entry({
    code: "OUTBOX_DELIVERY_FAILED",
    title: "Lead not delivered yet",
    message: "A lead could not be delivered; it stays in the outbox and is retried with backoff",
    hint: "Check the CRM webhook or the SMTP server named in the log; nothing is lost while it is down.",
  }),
  outboxPassFailed: entry({
    code: "OUTBOX_PASS_FAILED",
    title: "Outbox not read",
    message: "The outbox could not be read or updated; its leads are delivered at the next pass",
    hint: "Check that the database named in the log is reachable; no lead is lost while it is down.",
  }),
  storeNotDurable: entry<{ file: string; journal: unknown; synchronous: unknown }>({
    code: "STORE_NOT_DURABLE",
    title: "SQLite cannot store leads durably",
    message: ({ file, journal, synchronous }) =>
      `SQLite ${file}: expected journal_mode=wal and synchronous=FULL(2), got ${String(journal)} and ${String(synchronous)}`,
    hint: "Put DATABASE_URL's file on a local disk that allows WAL (not a network share or a read-only volume), then restart the server.",
  }),
  walSyncFailed: entry<{ file: string; reason: string }>({
    code: "STORE_FSYNC_FAILED",
    title: "Leads cannot be written to disk",
    message: ({ file, reason }) => `fsync of ${file} failed: ${reason}`,
    hint: "Check the disk (full, read-only, failing), then restart the server: no lead is acknowledged until then.",
  }),
  leadNotFound: entry({
    code: "LEAD_NOT_FOUND",
    title: "No such lead",
    message: "No lead has this id",
    hint: "Copy the id from `npm run leads -- list --spam`.",
  }),
  leadNotQuarantined: entry({
    code: "LEAD_NOT_QUARANTINED",
    title: "Lead not in quarantine",
    message: "This lead is not quarantined as spam, so there is nothing to release",
    hint: "Only leads shown by `npm run leads -- list --spam` can be released.",
  }),
} as const;

/** The leads CLI (`npm run leads`). */
export const leadsCliErrors = {
  usage: entry<{ usage: string }>({
    code: "CLI001",
    title: "Unknown leads command",
    message: ({ usage }) => usage,
    hint: "Run `npm run leads -- export`, `erase --email …` or `purge --older-than …`.",
  }),
  badAge: entry<{ text: string }>({
    code: "CLI002",
    title: "Invalid age",
    message: ({ text }) => `--older-than takes a number of days such as 365d, got "${text}"`,
    hint: "Write the age in days, e.g. `--older-than 365d`.",
  }),
  badFormat: entry<{ format: string }>({
    code: "CLI003",
    title: "Invalid export format",
    message: ({ format }) => `--format must be csv or json, got "${format}"`,
    hint: "Use `--format csv` or `--format json`.",
  }),
  eraseNeedsEmail: entry({
    code: "CLI004",
    title: "Erase without an address",
    message: "erase needs --email <address>",
    hint: "Pass the address whose leads to erase: `--email someone@example.com`.",
  }),
  exportWriteFailed: entry<{ reason: string }>({
    code: "CLI006",
    title: "Export cut short",
    message: ({ reason }) => `export failed: could not write to standard output (${reason}); the export is incomplete`,
    hint: "Check the destination (disk space, or the command reading the pipe exited early) and run the export again.",
  }),
  purgeNeedsAge: entry({
    code: "CLI005",
    title: "Purge without an age",
    message: "purge needs --older-than <N>d, e.g. 365d",
    hint: "Pass the age beyond which leads are purged: `--older-than 365d`.",
  }),
} as const;

/** What `npm run leads` prints on standard error (its standard output is the data). */
export const leadsCliLines = {
  exported: success<{ count: number }>({
    code: "CLI101",
    title: "Leads exported",
    message: ({ count }) => `Exported ${count} lead(s).`,
    hint: "Keep the export as safe as the database: it holds personal data.",
  }),
  quarantined: info<{ count: number }>({
    code: "CLI102",
    title: "Leads in quarantine",
    message: ({ count }) => `${count} lead(s) in quarantine; \`npm run leads -- release <id>\` releases one.`,
    hint: "Release a lead that a person sent; the rest are purged with the others after their retention.",
  }),
  released: success<{ id: string; channels: readonly string[] }>({
    code: "CLI103",
    title: "Lead released from quarantine",
    message: ({ id, channels }) =>
      `Released lead ${id}: it is exported like any lead; ${channels.length > 0 ? `queued for ${channels.join(" and ")}` : "no forwarding or e-mail configured"}.`,
    hint: "Nothing to do: the outbox forwards it as it forwards any lead.",
  }),
  erased: success<{ count: number; email: string }>({
    code: "CLI104",
    title: "Leads erased",
    message: ({ count, email }) =>
      `Erased ${count} lead(s) of ${email}, with their idempotency records and outbox rows.`,
    hint: "Answer the person's erasure request; backups older than today still hold the rows until they expire.",
  }),
  purged: success<{ count: number; before: string }>({
    code: "CLI105",
    title: "Old leads purged",
    message: ({ count, before }) => `Purged ${count} lead(s) created before ${before}.`,
    hint: "Nothing to do; run it on a schedule to keep the retention period.",
  }),
} as const;

/** What `npm run bench:leads` and `npm run crash:leads` report about the lead server they run. */
export const leadBenchErrors = {
  serverDown: entry({
    code: "LOAD001",
    title: "Lead server did not start",
    message: "the lead server did not start",
    hint: "Run `npm start` by hand to see why (a port in use, a database it cannot open).",
  }),
  loadFailed: entry({
    code: "LOAD002",
    title: "Leads lost or refused under load",
    message:
      "under load, some answers were not 2xx, some requests failed or timed out, or a 2xx lead is not a stored row",
    hint: "Read the summary above: `non2xx`, `errors` and `timeouts` point at the API, a gap between `2xx` and `rows` at the store.",
  }),
  crashFailed: entry({
    code: "LOAD003",
    title: "Leads lost or duplicated across a crash",
    message:
      "after the crash, an acknowledged lead was lost, a retry failed or stored a duplicate, or the database is damaged",
    hint: "Read the summary above: `acknowledgedButLost` and `duplicateRows` point at the store, `retryFailures` at idempotency.",
  }),
} as const;

/** What `npm run bench:leads` and `npm run crash:leads` print after their summary. */
export const leadBenchLines = {
  loadPassed: success({
    code: "LOAD101",
    title: "No lead lost under load",
    message: "PASS: every 2xx is a stored row; no errors, no timeouts",
    hint: "Nothing to do; the summary above has the throughput and latencies.",
  }),
  crashPassed: success({
    code: "LOAD102",
    title: "No lead lost across a crash",
    message: "PASS: nothing acknowledged was lost, nothing was duplicated, the database is intact",
    hint: "Nothing to do.",
  }),
} as const;
