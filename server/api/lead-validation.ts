import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import type { ErrorObject } from "ajv";
import { leadFieldErrors, messageOf } from "../../contract/errors.ts";
import type { Lead } from "../../contract/generated/schema-types.ts";

/** The same schema file as the form: one contract for both sides. */
const schema = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../schemas/lead.schema.json"), "utf8"),
) as object;
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv, ["email", "uri"]);
const validate = ajv.compile<Lead>(schema);

/** Bots fill the form's hidden `website` field; people never see it, so the form sends it only when filled. */
export const HONEYPOT_FIELD = "website";

export interface FieldError {
  field: string;
  /** The catalogue code of the problem (contract/errors.ts), stable for clients and tests. */
  code: string;
  message: string;
}

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
    case "format":
      return at(field, leadFieldErrors.email.code, leadFieldErrors.email.message);
    case "enum":
      return at(
        field,
        leadFieldErrors.choice.code,
        messageOf(leadFieldErrors.choice, { allowed: params.allowedValues as unknown[] }),
      );
    case "type":
      return at(field, leadFieldErrors.type.code, messageOf(leadFieldErrors.type, { expected: String(params.type) }));
    default:
      return at(field, leadFieldErrors.form.code, leadFieldErrors.form.message);
  }
}

export type LeadCheck = { ok: true; lead: Lead } | { ok: false; errors: FieldError[] } | { ok: "honeypot" };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Takes the honeypot out before the schema sees the body (the stored lead never has it), then
 * validates against schemas/lead.schema.json and reports every field error at once.
 */
export function checkLead(body: unknown): LeadCheck {
  let candidate = body;
  if (isRecord(body) && Object.hasOwn(body, HONEYPOT_FIELD)) {
    const { [HONEYPOT_FIELD]: trap, ...rest } = body;
    if (typeof trap !== "string" || trap.trim() !== "") return { ok: "honeypot" };
    candidate = rest;
  }
  if (validate(candidate)) return { ok: true, lead: candidate };
  const errors = (validate.errors ?? []).map(fieldError);
  return { ok: false, errors };
}

/** A fingerprint of the request body that ignores key order, to compare idempotent retries. */
export function fingerprint(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : isRecord(value)
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical(value[key])]),
          )
        : value;
  return createHash("sha256")
    .update(JSON.stringify(canonical(body) ?? null))
    .digest("hex");
}
