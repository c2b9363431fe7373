import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import type { Lead } from "../../renderer/generated/schema-types.ts";
import { HONEYPOT_FIELD } from "../../renderer/api/lead-client.ts";
import { LEAD_ERRORS } from "./lead-errors.ts";

/** The same schema file as the form: one contract for both sides. */
const schema = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../schemas/lead.schema.json"), "utf8"),
) as object;
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv, ["email", "uri"]);
const validate = ajv.compile<Lead>(schema);

/**
 * The form's trap for bots: a field no person sees and no browser autofill has a heuristic for (its name and label
 * match no autofill field type, and it is neither visible nor focusable). A submission that fills it is kept as
 * quarantined spam, never dropped: a person caught by mistake can be released (`npm run leads -- release ID`).
 */
export { HONEYPOT_FIELD };
/** The trap's name before it was renamed; pages loaded before a deployment still send it. */
const LEGACY_HONEYPOT_FIELD = "website";
const TRAP_MAX_LENGTH = 1000;

/** The lead schema's patterns that forbid control characters, in one-line fields and in the comment. */
const properties = (schema as { properties: Record<string, { pattern?: string }> }).properties;
const CONTROL_PATTERNS = new Set([properties.firstName.pattern, properties.comment.pattern]);
const ONE_LINE = new RegExp(properties.firstName.pattern ?? "", "u");

export interface FieldError {
  field: string;
  message: string;
  /** Set for the messages of the lead error catalogue (server/api/lead-errors.ts). */
  code?: string;
}

export type LeadCheck = { ok: true; lead: Lead; trap?: string } | { ok: false; errors: FieldError[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function schemaError(error: ErrorObject): FieldError {
  const field =
    error.keyword === "required"
      ? String(error.params.missingProperty)
      : error.keyword === "additionalProperties"
        ? String(error.params.additionalProperty)
        : error.instancePath.slice(1) || "(body)";
  if (error.keyword === "pattern" && CONTROL_PATTERNS.has(String(error.params.pattern))) {
    return { field, code: LEAD_ERRORS.controlCharacter.code, message: LEAD_ERRORS.controlCharacter.message };
  }
  const message =
    error.keyword === "additionalProperties"
      ? "is not a lead field"
      : error.keyword === "required"
        ? "is required"
        : (error.message ?? "is invalid");
  return { field, message };
}

/**
 * Takes the trap field out before the schema sees the body (the lead never has it), then validates against
 * schemas/lead.schema.json and reports every field error at once. A filled trap comes back as `trap`, for quarantine.
 */
export function checkLead(body: unknown): LeadCheck {
  let candidate = body;
  let trap: string | undefined;
  const errors: FieldError[] = [];
  if (isRecord(body)) {
    const rest = { ...body };
    for (const name of [HONEYPOT_FIELD, LEGACY_HONEYPOT_FIELD]) {
      if (!Object.hasOwn(rest, name)) continue;
      const value = rest[name];
      delete rest[name];
      if (typeof value !== "string" || value.length > TRAP_MAX_LENGTH || !ONE_LINE.test(value)) {
        errors.push({ field: name, code: LEAD_ERRORS.trapInvalid.code, message: LEAD_ERRORS.trapInvalid.message });
      } else if (value.trim() !== "") {
        trap = trap === undefined ? value : `${trap} ${value}`;
      }
    }
    candidate = rest;
  }
  if (validate(candidate) && errors.length === 0)
    return trap === undefined ? { ok: true, lead: candidate } : { ok: true, lead: candidate, trap };
  return { ok: false, errors: [...(validate.errors ?? []).map(schemaError), ...errors] };
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
