import { hash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import type { FastifySchemaCompiler } from "fastify";
import addFormats from "ajv-formats";
import { leadApiErrors, leadFieldErrors, messageOf } from "../../contract/errors.ts";
import type { Lead } from "../../contract/generated/schema-types.ts";
import { type FieldError, HONEYPOT_FIELD, LEGACY_HONEYPOT_FIELD } from "../../contract/lead-api.ts";

/** The same schema file as the form: one contract for both sides. */
const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../schemas/lead.schema.json"), "utf8")) as {
  properties: Record<string, { pattern?: string }>;
} & Record<string, unknown>;
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv, ["email", "uri"]);
const validate = ajv.compile<Lead>(schema);

/** The catalogue entry for each format the lead schema uses (the formats ajv was given above). */
const FORMAT_ERRORS: Record<string, { code: string; message: string } | undefined> = {
  email: leadFieldErrors.email,
  uri: leadFieldErrors.url,
};

const TRAP_MAX_LENGTH = 1000;

/** The lead schema's patterns that forbid control characters, in one-line fields and in the comment. */
const { properties } = schema;
const CONTROL_PATTERNS = new Set([properties.firstName.pattern, properties.comment.pattern]);
const ONE_LINE = new RegExp(properties.firstName.pattern ?? "", "u");

/** One ajv error as the catalogue's field error: never ajv's own English. */
function fieldError(error: ErrorObject): FieldError {
  const params = error.params as Record<string, unknown>;
  const at = (field: string, code: string, message: string): FieldError => ({ field, code, message });
  const field = error.instancePath.slice(1) || "(body)";
  switch (error.keyword) {
    case "required": {
      const { code, message } = leadFieldErrors.required;
      return at(String(params.missingProperty), code, message);
    }
    case "additionalProperties":
      return at(String(params.additionalProperty), leadFieldErrors.unknown.code, leadFieldErrors.unknown.message);
    case "minLength":
      return at(field, leadFieldErrors.empty.code, leadFieldErrors.empty.message);
    case "maxLength":
      return at(field, leadFieldErrors.tooLong.code, messageOf(leadFieldErrors.tooLong, { max: Number(params.limit) }));
    case "format": {
      const { code, message } = FORMAT_ERRORS[String(params.format)] ?? leadFieldErrors.form;
      return at(field, code, message);
    }
    case "enum":
      return at(
        field,
        leadFieldErrors.choice.code,
        messageOf(leadFieldErrors.choice, { allowed: params.allowedValues as unknown[] }),
      );
    case "type":
      return at(field, leadFieldErrors.type.code, messageOf(leadFieldErrors.type, { expected: String(params.type) }));
    case "pattern":
      if (CONTROL_PATTERNS.has(String(params.pattern))) {
        return at(field, leadApiErrors.controlCharacter.code, leadApiErrors.controlCharacter.message);
      }
      return at(field, leadFieldErrors.form.code, leadFieldErrors.form.message);
    default:
      return at(field, leadFieldErrors.form.code, leadFieldErrors.form.message);
  }
}

export type LeadCheck = { ok: true; lead: Lead; trap?: string } | { ok: false; errors: FieldError[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The body without its trap fields (the lead never has them), what a filled one held, and a malformed one's error. */
function withoutTrap(body: unknown): { candidate: unknown; trap?: string; errors: FieldError[] } {
  let candidate = body;
  let trap: string | undefined;
  const errors: FieldError[] = [];
  // The form sends a trap field only when something filled it: a body without one is validated as it came.
  if (isRecord(body) && (Object.hasOwn(body, HONEYPOT_FIELD) || Object.hasOwn(body, LEGACY_HONEYPOT_FIELD))) {
    const rest = { ...body };
    for (const name of [HONEYPOT_FIELD, LEGACY_HONEYPOT_FIELD]) {
      if (!Object.hasOwn(rest, name)) continue;
      const value = rest[name];
      delete rest[name];
      if (typeof value !== "string" || value.length > TRAP_MAX_LENGTH || !ONE_LINE.test(value)) {
        errors.push({ field: name, code: leadApiErrors.trapInvalid.code, message: leadApiErrors.trapInvalid.message });
      } else if (value.trim() !== "") {
        trap = trap === undefined ? value : `${trap} ${value}`;
      }
    }
    candidate = rest;
  }
  return { candidate, ...(trap !== undefined && { trap }), errors };
}

/**
 * Takes the trap field out before the schema sees the body (the lead never has it), then validates against
 * schemas/lead.schema.json and reports every field error at once. A filled trap comes back as `trap`, for
 * quarantine: a person caught by mistake can be released (`npm run leads -- release ID`), so nothing is dropped.
 */
export function checkLead(body: unknown): LeadCheck {
  const { candidate, trap, errors } = withoutTrap(body);
  if (validate(candidate) && errors.length === 0)
    return trap === undefined ? { ok: true, lead: candidate } : { ok: true, lead: candidate, trap };
  return { ok: false, errors: [...(validate.errors ?? []).map(fieldError), ...errors] };
}

/** A body `checkLead` refused: each field's error, in the catalogue's words. */
export class LeadRefused extends Error {
  constructor(readonly errors: FieldError[]) {
    super(leadApiErrors.leadInvalid.message);
  }
}

const TRAP = {
  type: "string",
  maxLength: TRAP_MAX_LENGTH,
  description: "Left empty by a person; a body that fills it is kept in quarantine, answered like any other.",
};

/** The body POST /api/leads declares: the lead (schemas/lead.schema.json), and the form's trap fields. */
export const LEAD_BODY: Record<string, unknown> & { properties: Record<string, unknown> } = {
  ...schema,
  properties: { ...properties, [HONEYPOT_FIELD]: TRAP, [LEGACY_HONEYPOT_FIELD]: TRAP },
};

/**
 * The route's validator of LEAD_BODY (its `validatorCompiler`): `checkLead`, which reports every field's error at
 * once where Fastify's own ajv stops at the first, and takes the trap fields out before the lead is checked.
 */
export const leadBodyValidator: FastifySchemaCompiler<unknown> = () => (body) => {
  const checked = checkLead(body);
  return checked.ok ? { value: body } : { error: new LeadRefused(checked.errors) };
};

/** A body the route's validator passed: its lead, and what a filled trap held. */
export function leadOf(body: unknown): { lead: Lead; trap?: string } {
  const { candidate, trap } = withoutTrap(body);
  return { lead: candidate as Lead, ...(trap !== undefined && { trap }) };
}

/**
 * A fingerprint of a checked body (a flat object of strings: the lead and any trap field) that ignores key order, to
 * compare idempotent retries: the SHA-256 of its JSON with the keys sorted.
 */
export function fingerprint(body: unknown): string {
  return hash("sha256", JSON.stringify(body, isRecord(body) ? Object.keys(body).sort() : undefined));
}
