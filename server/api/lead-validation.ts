import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
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
  message: string;
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
  const errors = (validate.errors ?? []).map((error): FieldError => {
    const field =
      error.keyword === "required"
        ? String(error.params.missingProperty)
        : error.keyword === "additionalProperties"
          ? String(error.params.additionalProperty)
          : error.instancePath.slice(1) || "(body)";
    const message =
      error.keyword === "additionalProperties"
        ? "is not a lead field"
        : error.keyword === "required"
          ? "is required"
          : (error.message ?? "is invalid");
    return { field, message };
  });
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
