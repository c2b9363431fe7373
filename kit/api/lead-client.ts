import type { Lead } from "../../contract/generated/schema-types.ts";
import {
  type HONEYPOT_FIELD,
  IDEMPOTENCY_HEADER,
  LEADS_PATH,
  type LeadApiAnswer,
  type LeadToken,
  STATUS_BAD_REQUEST,
  STATUS_RATE_LIMITED,
  STATUS_SERVER_ERROR,
  STATUS_TOKEN_REFUSED,
  STATUS_TOO_LARGE,
  TOKEN_HEADER,
  TOKEN_PATH,
} from "../../contract/lead-api.ts";
import { type LeadErrorKind, leadErrorMessages } from "./lead-messages.ts";
import { TokenCache, type TokenStorage, defaultTokenStorage, isUsable, parseExpiry } from "./token-cache.ts";

/** What the form sends: the lead, plus the trap field when something filled it in. */
export type LeadSubmission = Lead & { [HONEYPOT_FIELD]?: string };

/** A submission that failed; `message` is the catalogue's text for `kind`, ready for the banner. */
export class LeadSubmissionError extends Error {
  constructor(
    readonly kind: LeadErrorKind,
    readonly status?: number,
  ) {
    super(leadErrorMessages[kind]);
    this.name = "LeadSubmissionError";
  }
}

/**
 * Which message an HTTP error status of the lead call gets (docs/lead-form.md lists them):
 * - 413: the body was too large, which only happens when a field holds far too much text. The visitor can fix it,
 *   so it gets the same message as a 400, 'Please check your information and try again.'
 * - 429: rate limited. The visitor did nothing wrong and should simply wait, which is what the server-error message
 *   says, 'Our servers are experiencing issues. Please try again in a few moments.'
 */
export function errorKindForStatus(status: number): LeadErrorKind {
  if (status === STATUS_BAD_REQUEST || status === STATUS_TOO_LARGE) return "badRequest";
  if (status === STATUS_TOKEN_REFUSED) return "sessionExpired";
  if (status === STATUS_RATE_LIMITED || status >= STATUS_SERVER_ERROR) return "server";
  return "unknown";
}

export interface LeadClientOptions {
  /** Base URL of the lead API, such as '/api' or 'https://api.example.com'. */
  baseUrl: string;
  fetch?: typeof fetch;
  storage?: TokenStorage;
  now?: () => number;
  newIdempotencyKey?: () => string;
}

export interface LeadClient {
  /** Sends a lead, fetching or reusing a token; resolves with the API's JSON answer, rejects with a LeadSubmissionError. */
  submit(lead: LeadSubmission): Promise<unknown>;
}

/**
 * An answer as read off the wire: the contract's envelope (LeadApiAnswer), any part of which may be missing or of
 * another type when a proxy or another server answers.
 */
type Envelope = Partial<Record<keyof LeadApiAnswer<unknown>, unknown>> & {
  data?: Partial<Record<keyof LeadToken, unknown>> | null;
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
};

export function createLeadClient({
  baseUrl,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  storage = defaultTokenStorage(),
  now = Date.now,
  newIdempotencyKey = () => crypto.randomUUID(),
}: LeadClientOptions): LeadClient {
  const base = baseUrl.replace(/\/+$/, "");
  const cache = new TokenCache(storage, now);

  const send = async (path: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetchImpl(`${base}${path}`, init);
    } catch {
      throw new LeadSubmissionError("network");
    }
  };

  const freshToken = async (): Promise<string> => {
    const response = await send(TOKEN_PATH, { method: "POST", headers: { Accept: "application/json" } });
    if (!response.ok) throw new LeadSubmissionError("tokenFailed", response.status);
    const body = (await readJson(response)) as Envelope | undefined;
    const token = body?.data?.token;
    const expiresAt = parseExpiry(body?.data?.expiresAt);
    const candidate = typeof token === "string" ? { token, expiresAt, expiresIn: 0 } : undefined;
    if (body?.success === false || !isUsable(candidate, now()))
      throw new LeadSubmissionError("noToken", response.status);
    return cache.set(candidate.token, candidate.expiresAt).token;
  };

  const postLead = (lead: LeadSubmission, token: string, idempotencyKey: string) =>
    send(LEADS_PATH, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        [TOKEN_HEADER]: token,
        [IDEMPOTENCY_HEADER]: idempotencyKey,
      },
      body: JSON.stringify(lead),
    });

  return {
    async submit(lead) {
      const idempotencyKey = newIdempotencyKey();
      let response = await postLead(lead, cache.get()?.token ?? (await freshToken()), idempotencyKey);
      if (response.status === STATUS_TOKEN_REFUSED) {
        // The token was refused (revoked, or the server's clock disagrees): one fresh token, one retry, same key.
        cache.clear();
        response = await postLead(lead, await freshToken(), idempotencyKey);
      }
      if (!response.ok) throw new LeadSubmissionError(errorKindForStatus(response.status), response.status);
      const body = await readJson(response);
      if ((body as Envelope | undefined)?.success === false)
        throw new LeadSubmissionError("leadNotCreated", response.status);
      return body;
    },
  };
}

/** The lead built from the form's values: every value trimmed, empty optional fields left out. */
export function leadFromForm(values: Partial<Record<keyof LeadSubmission, string>>): LeadSubmission {
  const entries = Object.entries(values)
    .map(([key, value]) => [key, (value ?? "").trim()] as const)
    .filter(([, value]) => value !== "");
  // The browser has already refused the form without its required fields, and the industry select offers only the
  // schema's values, so these entries are a LeadSubmission.
  return Object.fromEntries(entries) as unknown as LeadSubmission;
}
