/**
 * The lead API's HTTP contract, shared by the form's client (kit/api), the server (server/api), the scripts and the
 * tests: paths, header names, the answers' envelope, the statuses the client acts on and the form's trap field. The
 * lead itself is schemas/lead.schema.json. The form's bundle includes this module: it imports nothing and holds only
 * constants and types.
 */

/** Where the site's server mounts the lead API. */
export const LEAD_API_PREFIX = "/api";
/** The token call, relative to the API's base URL (LEAD_API_PREFIX, or an API on another origin). */
export const TOKEN_PATH = "/tokens/lead";
/** The lead call, relative to the API's base URL. */
export const LEADS_PATH = "/leads";
/** The token call's path on the site's own server (scripts and tests call it there). */
export const TOKEN_ROUTE = `${LEAD_API_PREFIX}${TOKEN_PATH}`;
/** The lead call's path on the site's own server. */
export const LEADS_ROUTE = `${LEAD_API_PREFIX}${LEADS_PATH}`;

/** Header carrying the lead token on `POST {api}/leads`. */
export const TOKEN_HEADER = "X-Lead-Token";
/** Header carrying one key per submission, so a retried request never stores the lead twice. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Header, set to "true", on an answer repeated from an earlier request with the same idempotency key. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** The token call's data. */
export interface LeadToken {
  token: string;
  /** ISO 8601 instant after which the lead call refuses the token. */
  expiresAt: string;
  /** The token's lifetime in seconds, from when it was issued. */
  expiresIn: number;
}

/** The lead call's data: the stored lead's id. */
export interface LeadReceipt {
  id: string;
}

/** One problem with one field of a refused lead: the field, its catalogue code and message. */
export interface FieldError {
  field: string;
  /** The catalogue code of the problem (contract/errors.ts), stable for clients and tests. */
  code: string;
  message: string;
}

/** Every successful answer: the catalogue's message for it and the call's data. */
export interface LeadApiSuccess<Data> {
  success: true;
  message: string;
  data: Data;
}

/** Every error answer: the catalogue entry's code and message, and the field errors of a refused lead. */
export interface LeadApiFailure {
  success: false;
  code: string;
  message: string;
  errors?: FieldError[];
}

export type LeadApiAnswer<Data> = LeadApiSuccess<Data> | LeadApiFailure;

/** A refused request: a lead that breaks the schema, or a missing idempotency key. */
export const STATUS_BAD_REQUEST = 400;
/** The lead token is missing, invalid or expired: the client fetches a fresh one and retries once. */
export const STATUS_TOKEN_REFUSED = 401;
/** The body is larger than the server accepts. */
export const STATUS_TOO_LARGE = 413;
/** Too many requests from one address: the client asks the visitor to wait. */
export const STATUS_RATE_LIMITED = 429;
/** The lead could not be stored; any status from here up is the server's failure. */
export const STATUS_SERVER_ERROR = 500;

/**
 * The form's trap for bots: a field people never see or reach and no autofill fills (its name and label match no
 * autofill field type). The API keeps a submission that fills it in quarantine, answered like any other.
 */
export const HONEYPOT_FIELD = "leave_empty";
/** The trap's name before it was renamed; pages loaded before a deployment still send it. */
export const LEGACY_HONEYPOT_FIELD = "website";

/**
 * File, beside the site's files in the build, where the build records the lead API's origin when the pages call an
 * API on another origin (toolchain/vite-plugins.ts, leadApiOrigin): the server allows it in the pages' connect-src.
 */
export const API_ORIGIN_FILE = "api-origin.json";
