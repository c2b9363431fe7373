/**
 * The lead API's HTTP contract, shared by the form's client (kit/api), the server (server/api) and the tests:
 * the header names and the form's trap field. The body itself is schemas/lead.schema.json.
 */

/** Header carrying the lead token on `POST {api}/leads`. */
export const TOKEN_HEADER = "X-Lead-Token";
/** Header carrying one key per submission, so a retried request never stores the lead twice. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/**
 * The form's trap for bots: a field people never see or reach and no autofill fills (its name and label match no
 * autofill field type). The API keeps a submission that fills it in quarantine, answered like any other.
 */
export const HONEYPOT_FIELD = "leave_empty";
/** The trap's name before it was renamed; pages loaded before a deployment still send it. */
export const LEGACY_HONEYPOT_FIELD = "website";

/**
 * File, beside the site's files in the build, where the build records the lead API's origin when the pages call an
 * API on another origin (scripts/vite-plugins.ts, leadApiOrigin): the server allows it in the pages' connect-src.
 */
export const API_ORIGIN_FILE = "api-origin.json";
