// @vitest-environment node
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { leadApiErrors, leadFieldErrors } from "../../contract/errors.ts";
import { HONEYPOT_FIELD, LEGACY_HONEYPOT_FIELD } from "../../contract/lead-api.ts";
import { LEAD_BODY, LeadRefused, fingerprint, leadBodyValidator, leadOf } from "./lead-validation.ts";

describe("idempotency fingerprints", () => {
  it("are the SHA-256 of the body's JSON with its keys sorted, whatever order they came in", () => {
    const sorted = createHash("sha256").update('{"companyName":"Acme","firstName":"Amelia"}').digest("hex");
    expect(fingerprint({ firstName: "Amelia", companyName: "Acme" })).toBe(sorted);
    expect(fingerprint({ companyName: "Acme", firstName: "Amelia" })).toBe(sorted);
    expect(fingerprint({ companyName: "Acme", firstName: "Amélie" })).not.toBe(sorted);
  });
});

describe("the body POST /api/leads declares", () => {
  it("is the lead's schema, with the form's trap fields and no other field", () => {
    const lead = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, "../../schemas/lead.schema.json"), "utf8"),
    ) as { properties: Record<string, unknown> };
    expect(LEAD_BODY.additionalProperties).toBe(false);
    expect(Object.keys(LEAD_BODY.properties).sort()).toEqual(
      [...Object.keys(lead.properties), HONEYPOT_FIELD, LEGACY_HONEYPOT_FIELD].sort(),
    );
  });

  it("is checked with every field's error at once, before the handler: the lead and a filled trap apart", () => {
    const validate = leadBodyValidator({ schema: LEAD_BODY, method: "POST", url: "/api/leads", httpPart: "body" });
    const refused = validate({ firstName: 3, [HONEYPOT_FIELD]: "x".repeat(2000) }) as { error: LeadRefused };
    expect(refused.error).toBeInstanceOf(LeadRefused);
    expect(refused.error.errors.map(({ field, code }) => `${field} ${code}`)).toEqual([
      `lastName ${leadFieldErrors.required.code}`,
      `companyEmail ${leadFieldErrors.required.code}`,
      `companyName ${leadFieldErrors.required.code}`,
      `firstName ${leadFieldErrors.type.code}`,
      `${HONEYPOT_FIELD} ${leadApiErrors.trapInvalid.code}`,
    ]);
    const body = { firstName: "Ada", lastName: "King", companyEmail: "ada@acme.test", companyName: "Acme" };
    expect(validate({ ...body, [HONEYPOT_FIELD]: "bot" })).toEqual({ value: { ...body, [HONEYPOT_FIELD]: "bot" } });
    expect(leadOf({ ...body, [HONEYPOT_FIELD]: "bot" })).toEqual({ lead: body, trap: "bot" });
    expect(leadOf(body)).toEqual({ lead: body });
  });
});
