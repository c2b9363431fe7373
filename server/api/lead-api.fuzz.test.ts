// @vitest-environment node
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { createSqliteStore } from "../db/sqlite.ts";
import { testConfig } from "../../tests/support/server.ts";
import { checkLead } from "./lead-validation.ts";
import { newKey, VALID_LEAD } from "../../tests/support/lead-api-suite.ts";
import { IDEMPOTENCY_HEADER, LEADS_ROUTE, TOKEN_HEADER, TOKEN_ROUTE } from "../../contract/lead-api.ts";

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  const store = createSqliteStore(path.join(mkdtempSync(path.join(tmpdir(), "voxa-fuzz-")), "leads.db"));
  app = await buildServer({ config: testConfig({ RATE_LIMIT_MAX: "1000000" }), store });
  token = (await app.inject({ method: "POST", url: TOKEN_ROUTE })).json().data.token;
});
afterAll(() => app.close());

const post = (payload: string) =>
  app.inject({
    method: "POST",
    url: LEADS_ROUTE,
    headers: { "content-type": "application/json", [TOKEN_HEADER]: token, [IDEMPOTENCY_HEADER]: newKey() },
    payload,
  });

const fieldNames = [
  ...Object.keys(VALID_LEAD),
  "companyWebsite",
  "phone",
  "website",
  "__proto__",
  "constructor",
  "extra",
];
/** Lead-shaped objects: real field names (and traps) with values that are sometimes right, often not. */
const leadish = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...Object.values(VALID_LEAD)), fc.jsonValue({ maxDepth: 2 })),
);

/** Fastify refuses these keys at parse time (prototype poisoning), before any lead check. */
function poisoned(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(
    ([key, child]) =>
      key === "__proto__" ||
      (key === "constructor" && typeof child === "object" && child !== null && Object.hasOwn(child, "prototype")) ||
      poisoned(child),
  );
}

describe("lead API fuzzing", () => {
  it("never answers 5xx, whatever the body", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.json({ maxDepth: 3 }),
          leadish.map((value) => JSON.stringify(value)),
        ),
        async (payload) => {
          const response = await post(payload);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("answers 400 for every invalid lead and 201 for every valid one", async () => {
    await fc.assert(
      fc.asyncProperty(leadish, fc.boolean(), async (fields, complete) => {
        const body = complete ? { ...VALID_LEAD, ...fields } : fields;
        const response = await post(JSON.stringify(body));
        const parsed: unknown = JSON.parse(JSON.stringify(body));
        const expected = checkLead(parsed);
        if (poisoned(parsed)) expect(response.statusCode).toBe(400);
        else if (expected.ok) expect(response.statusCode).toBe(201);
        else expect(response.statusCode).toBe(400);
      }),
      { numRuns: 300 },
    );
  });
});
