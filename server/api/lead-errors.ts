/**
 * Messages of the lead API, its outbox and the leads CLI that a visitor's client or an operator sees, each with a
 * stable code: the problem (`message`) and what to do about it (`hint`).
 */
export interface LeadErrorEntry {
  code: string;
  title: string;
  message: string;
  hint: string;
}

export const LEAD_ERRORS = {
  controlCharacter: {
    code: "LEAD_CONTROL_CHARACTER",
    title: "Control character in a lead field",
    message:
      "must not contain control characters (such as NUL) or broken Unicode; line breaks are allowed in the comment only",
    hint: "Remove the invisible character (often pasted along with the text) and send the lead again.",
  },
  trapInvalid: {
    code: "LEAD_TRAP_INVALID",
    title: "Unusable value in the form's hidden field",
    message: "must be text of at most 1000 characters, without control characters",
    hint: "Leave the hidden field empty; people never see it.",
  },
  apiNotFound: {
    code: "API_NOT_FOUND",
    title: "Unknown API path",
    message: "There is no API endpoint at this path",
    hint: "The lead API has two endpoints: POST /api/tokens/lead and POST /api/leads.",
  },
  methodNotAllowed: {
    code: "API_METHOD_NOT_ALLOWED",
    title: "Method not allowed",
    message: "This endpoint does not accept this method",
    hint: "Send the methods listed in the Allow header (POST).",
  },
  rateLimitStoreDown: {
    code: "RATE_LIMIT_STORE_DOWN",
    title: "Shared rate-limit store unreachable",
    message:
      "The shared rate-limit store (Redis) cannot be reached; requests are accepted without a rate limit until it answers again",
    hint: "Check that Redis is running and that REDIS_URL points to it; leads keep being accepted meanwhile.",
  },
  rateLimitPerInstance: {
    code: "RATE_LIMIT_PER_INSTANCE",
    title: "Rate limits counted per instance",
    message: "DATABASE_URL is set but REDIS_URL is not: each instance counts its own rate limit",
    hint: "With several instances behind a load balancer, set REDIS_URL so that they share one limit.",
  },
  redisUrlInvalid: {
    code: "CONFIG_REDIS_URL_INVALID",
    title: "Invalid REDIS_URL",
    message: "REDIS_URL must be a redis:// or rediss:// URL",
    hint: "For example REDIS_URL=redis://127.0.0.1:6379/0.",
  },
  notifyIncomplete: {
    code: "CONFIG_NOTIFY_INCOMPLETE",
    title: "E-mail notification half configured",
    message: "LEAD_NOTIFY_TO and SMTP_URL must be set together",
    hint: "Set both (LEAD_NOTIFY_TO=sales@example.com SMTP_URL=smtp://user:pass@mail.example.com:587) or neither.",
  },
  notifyAddressInvalid: {
    code: "CONFIG_NOTIFY_ADDRESS_INVALID",
    title: "Invalid notification address",
    message: "LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM must hold e-mail addresses (comma-separated for LEAD_NOTIFY_TO)",
    hint: "For example LEAD_NOTIFY_TO=sales@example.com,ops@example.com.",
  },
  smtpUrlInvalid: {
    code: "CONFIG_SMTP_URL_INVALID",
    title: "Invalid SMTP_URL",
    message: "SMTP_URL must be an smtp:// or smtps:// URL",
    hint: "For example SMTP_URL=smtps://user:password@mail.example.com:465 (percent-encode special characters).",
  },
  outboxDeliveryFailed: {
    code: "OUTBOX_DELIVERY_FAILED",
    title: "Lead not delivered yet",
    message: "A lead could not be delivered; it stays in the outbox and is retried with backoff",
    hint: "Check the CRM webhook or the SMTP server named in the log; nothing is lost while it is down.",
  },
  leadNotFound: {
    code: "LEAD_NOT_FOUND",
    title: "No such lead",
    message: "No lead has this id",
    hint: "Copy the id from `npm run leads -- list --spam`.",
  },
  leadNotQuarantined: {
    code: "LEAD_NOT_QUARANTINED",
    title: "Lead not in quarantine",
    message: "This lead is not quarantined as spam, so there is nothing to release",
    hint: "Only leads shown by `npm run leads -- list --spam` can be released.",
  },
} as const satisfies Record<string, LeadErrorEntry>;

/** One line for logs and the CLI: `CODE: message (detail). hint` */
export function describeError(entry: LeadErrorEntry, detail?: string): string {
  return `${entry.code}: ${entry.message}${detail ? ` (${detail})` : ""}. ${entry.hint}`;
}
