// @vitest-environment node
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fingerprint } from "./lead-validation.ts";

describe("idempotency fingerprints", () => {
  it("are the SHA-256 of the body's JSON with its keys sorted, whatever order they came in", () => {
    const sorted = createHash("sha256").update('{"companyName":"Acme","firstName":"Amelia"}').digest("hex");
    expect(fingerprint({ firstName: "Amelia", companyName: "Acme" })).toBe(sorted);
    expect(fingerprint({ companyName: "Acme", firstName: "Amelia" })).toBe(sorted);
    expect(fingerprint({ companyName: "Acme", firstName: "Amélie" })).not.toBe(sorted);
  });
});
