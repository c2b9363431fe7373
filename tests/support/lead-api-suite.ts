import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import type { LeadStore } from "../../server/db/store.ts";
import { testConfig } from "./server.ts";
import { type CatalogueEntry, leadApiErrors, leadFieldErrors } from "../../contract/errors.ts";
import {
  IDEMPOTENCY_HEADER,
  LEAD_API_PREFIX,
  LEADS_ROUTE,
  REPLAYED_HEADER,
  TOKEN_HEADER,
  TOKEN_ROUTE,
} from "../../contract/lead-api.ts";

export const VALID_LEAD = {
  firstName: "Amelia",
  lastName: "Hughes",
  companyEmail: "amelia.hughes@northbank-insurance.example",
  companyName: "Northbank Insurance",
  jobTitle: "Head of Claims",
  industry: "Insurance",
  comment: "We would like to pilot a voice agent for first notice of loss.",
};

/** The body of an error answer: the catalogue entry's code and message. */
const refusal = (entry: CatalogueEntry) => ({ success: false, code: entry.code, message: entry.message });

const START = Date.parse("2026-03-02T09:00:00.000Z");

interface Harness {
  app: FastifyInstance;
  store: LeadStore;
  clock: { now: number };
  token(): Promise<string>;
  submit(body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

let keyCounter = 0;
export const newKey = () => `test-key-${process.pid}-${Date.now()}-${++keyCounter}`;

/**
 * The API's contract, run against any store: SQLite in `server/api/lead-api.test.ts`, PostgreSQL in
 * `server/api/lead-api.pg.test.ts`. `openStore` must give an empty store.
 */
export function leadApiSuite(label: string, openStore: () => Promise<LeadStore>) {
  const open: FastifyInstance[] = [];

  async function harness(
    env: Record<string, string> = {},
    wrap?: (store: LeadStore) => LeadStore,
    fetch?: typeof globalThis.fetch,
  ): Promise<Harness> {
    const clock = { now: START };
    const store = await openStore();
    const app = await buildServer({
      config: testConfig({ RATE_LIMIT_MAX: "1000", ...env }),
      store: wrap ? wrap(store) : store,
      now: () => clock.now,
      fetch,
    });
    open.push(app);
    const token = async () =>
      (await app.inject({ method: "POST", url: TOKEN_ROUTE, headers: { accept: "application/json" } })).json().data
        .token as string;
    const submit = async (body: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: LEADS_ROUTE,
        headers: {
          "content-type": "application/json",
          [TOKEN_HEADER]: await token(),
          [IDEMPOTENCY_HEADER]: newKey(),
          ...headers,
        },
        payload: typeof body === "string" ? body : JSON.stringify(body),
      });
    return { app, store, clock, token, submit };
  }

  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });

  describe(`lead API (${label})`, () => {
    it("issues a signed token valid for 300 s", async () => {
      const { app } = await harness();
      const response = await app.inject({
        method: "POST",
        url: TOKEN_ROUTE,
        headers: { accept: "application/json" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: leadApiErrors.tokenIssued.message,
        data: { expiresIn: 300, expiresAt: "2026-03-02T09:05:00.000Z" },
      });
      expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+$/);
    });

    it("stores a valid lead and answers 201 with its id, after the commit", async () => {
      const { store, submit } = await harness();
      const response = await submit(VALID_LEAD);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ success: true, message: leadApiErrors.leadReceived.message });
      const [stored] = await store.exportLeads();
      expect(stored).toEqual({ id: body.data.id, createdAt: "2026-03-02T09:00:00.000Z", ...VALID_LEAD });
    });

    it("answers 401 for a missing, forged or expired token", async () => {
      const { app, clock, token, submit } = await harness();
      const missing = await app.inject({
        method: "POST",
        url: LEADS_ROUTE,
        headers: { [IDEMPOTENCY_HEADER]: newKey() },
        payload: VALID_LEAD,
      });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual(refusal(leadApiErrors.tokenMissing));

      const valid = await token();
      const forged = `${valid.split(".")[0]}.${"A".repeat(43)}`;
      const forgedResponse = await submit(VALID_LEAD, { [TOKEN_HEADER]: forged });
      expect(forgedResponse.statusCode).toBe(401);
      expect(forgedResponse.json()).toEqual(refusal(leadApiErrors.tokenInvalid));
      expect((await submit(VALID_LEAD, { [TOKEN_HEADER]: "garbage" })).json()).toEqual(
        refusal(leadApiErrors.tokenInvalid),
      );

      clock.now += 299_000;
      expect((await submit(VALID_LEAD, { [TOKEN_HEADER]: valid })).statusCode).toBe(201);
      clock.now += 1_000;
      const expired = await submit(VALID_LEAD, { [TOKEN_HEADER]: valid });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(refusal(leadApiErrors.tokenExpired));
    });

    it("rejects a token signed with another secret", async () => {
      const other = await harness({ LEAD_TOKEN_SECRET: "another-secret-another-secret-another-1" });
      const { submit } = await harness();
      const response = await submit(VALID_LEAD, { [TOKEN_HEADER]: await other.token() });
      expect(response.statusCode).toBe(401);
    });

    it("answers 400 with every field error", async () => {
      const { store, submit } = await harness();
      const response = await submit({
        firstName: "",
        companyEmail: "not-an-email",
        companyWebsite: "ftp://example.com",
        phone: "call me",
        industry: "Space",
        comment: "x".repeat(5001),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: leadApiErrors.leadInvalid.code,
        message: leadApiErrors.leadInvalid.message,
        errors: [
          { field: "lastName", code: "LEAD101", message: "is required" },
          { field: "companyName", code: "LEAD101", message: "is required" },
          { field: "firstName", code: "LEAD103", message: "must not be empty" },
          { field: "companyEmail", code: "LEAD105", message: "must be an e-mail address" },
          { field: "companyWebsite", code: "LEAD106", message: "is not in the expected form" },
          { field: "phone", code: "LEAD106", message: "is not in the expected form" },
          { field: "industry", code: "LEAD107", message: expect.stringMatching(/^must be one of: /) },
          { field: "comment", code: "LEAD104", message: "must be at most 5000 characters" },
        ],
      });
      expect(await store.countLeads()).toBe(0);
    });

    it.each([
      ["companyEmail", "amelia@", { field: "companyEmail", code: "LEAD105", message: "must be an e-mail address" }],
      ["companyWebsite", "https://a b", { field: "companyWebsite", code: "LEAD109", message: "must be a web address" }],
    ])("answers a %s not in its format with that format's field error", async (field, value, error) => {
      const { store, submit } = await harness();
      const response = await submit({ ...VALID_LEAD, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ...refusal(leadApiErrors.leadInvalid), errors: [error] });
      expect(await store.countLeads()).toBe(0);
    });

    it("answers 400 for unknown fields, __proto__, non-objects and malformed JSON", async () => {
      const { submit } = await harness();
      const unknown = await submit({ ...VALID_LEAD, budget: "1m" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([{ field: "budget", code: "LEAD102", message: "is not a lead field" }]);

      const proto = await submit(`{"firstName":"A","__proto__":{"admin":true}}`);
      expect(proto.statusCode).toBe(400);
      expect(proto.json()).toEqual(refusal(leadApiErrors.malformedJson));
      const constructor = await submit(`{"constructor":{"prototype":{"admin":true}}}`);
      expect(constructor.statusCode).toBe(400);

      const array = await submit("[]");
      expect(array.json().errors).toEqual([{ field: "(body)", code: "LEAD108", message: "must be an object" }]);
      const empty = await submit("");
      expect(empty.statusCode).toBe(400);
      const malformed = await submit("{");
      expect(malformed.statusCode).toBe(400);
      // The form never compresses its body, and the API does not inflate one.
      const compressed = await submit(gzipSync(JSON.stringify(VALID_LEAD)).toString("latin1"), {
        "content-encoding": "gzip",
      });
      expect(compressed.json()).toEqual(refusal(leadApiErrors.malformedJson));
      expect(malformed.json()).toEqual(refusal(leadApiErrors.malformedJson));
    });

    it("answers 400 without an Idempotency-Key", async () => {
      const { app, token } = await harness();
      const response = await app.inject({
        method: "POST",
        url: LEADS_ROUTE,
        headers: { "content-type": "application/json", [TOKEN_HEADER]: await token() },
        payload: VALID_LEAD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal(leadApiErrors.idempotencyKeyMissing));
    });

    it("answers 413 for a body over 16 KiB, declared, chunked or under-declared", async () => {
      const { app, token, submit } = await harness();
      const big = JSON.stringify({ ...VALID_LEAD, comment: "x".repeat(17 * 1024) });
      const declared = await submit(big);
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toEqual(refusal(leadApiErrors.bodyTooLarge));

      const headers = {
        "content-type": "application/json",
        [TOKEN_HEADER]: await token(),
        [IDEMPOTENCY_HEADER]: newKey(),
      };
      const chunked = await app.inject({
        method: "POST",
        url: LEADS_ROUTE,
        headers,
        payload: Readable.from([big.slice(0, 9000), big.slice(9000)]),
      });
      expect(chunked.statusCode).toBe(413);

      const lying = await app.inject({
        method: "POST",
        url: LEADS_ROUTE,
        headers: { ...headers, "content-length": "100" },
        payload: big,
      });
      expect(lying.statusCode).toBe(413);
    });

    it("answers 415 for a body that is not application/json", async () => {
      const { submit } = await harness();
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
        const response = await submit("firstName=A", { "content-type": type });
        expect(response.statusCode, type).toBe(415);
        expect(response.json()).toEqual(refusal(leadApiErrors.unsupportedMediaType));
      }
    });

    it("rate-limits each IP on both endpoints with 429 and RateLimit headers", async () => {
      const { app } = await harness({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_MS: "10000" });
      const call = () => app.inject({ method: "POST", url: TOKEN_ROUTE, remoteAddress: "203.0.113.9" });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call()).statusCode);
      const limited = await call();
      expect(statuses).toEqual([200, 200, 200]);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["ratelimit-limit"]).toBe("3");
      expect(limited.headers["ratelimit-remaining"]).toBe("0");
      expect(limited.headers["retry-after"]).toBeDefined();
      expect(limited.json()).toEqual(refusal(leadApiErrors.rateLimited));
      const leads = await app.inject({
        method: "POST",
        url: LEADS_ROUTE,
        remoteAddress: "203.0.113.9",
        payload: VALID_LEAD,
      });
      expect(leads.statusCode).toBe(429);
      const otherIp = await app.inject({ method: "POST", url: TOKEN_ROUTE, remoteAddress: "203.0.113.10" });
      expect(otherIp.statusCode).toBe(200);
    });

    it("allows CORS only for configured origins, never *", async () => {
      const { app } = await harness({ CORS_ORIGINS: "https://www.voxa.example" });
      const preflight = (origin: string) =>
        app.inject({
          method: "OPTIONS",
          url: LEADS_ROUTE,
          headers: {
            origin,
            "access-control-request-method": "POST",
            "access-control-request-headers": `content-type,${TOKEN_HEADER},${IDEMPOTENCY_HEADER}`,
          },
        });
      const allowed = await preflight("https://www.voxa.example");
      expect(allowed.headers["access-control-allow-origin"]).toBe("https://www.voxa.example");
      expect(String(allowed.headers["access-control-allow-headers"])).toContain(TOKEN_HEADER.toLowerCase());
      const refused = await preflight("https://evil.example");
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
      expect(() => testConfig({ CORS_ORIGINS: "*" })).toThrow("CORS_ORIGINS must list explicit origins, never *");
    });

    it("replays the original response for the same key and body, without a new row", async () => {
      const { store, submit } = await harness();
      const key = newKey();
      const first = await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key });
      const reordered = Object.fromEntries(Object.entries(VALID_LEAD).reverse());
      const second = await submit(reordered, { [IDEMPOTENCY_HEADER]: key });
      expect(second.statusCode).toBe(201);
      expect(second.headers[REPLAYED_HEADER.toLowerCase()]).toBe("true");
      expect(second.json()).toEqual(first.json());
      expect(await store.countLeads()).toBe(1);
    });

    it("answers 422 for the same key with a different body", async () => {
      const { store, submit } = await harness();
      const key = newKey();
      await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key });
      const response = await submit({ ...VALID_LEAD, firstName: "Someone" }, { [IDEMPOTENCY_HEADER]: key });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(refusal(leadApiErrors.idempotencyKeyReused));
      expect(await store.countLeads()).toBe(1);
    });

    it("answers 409 for the same key while the first request is in flight", async () => {
      let commit!: () => void;
      const gate = new Promise<void>((resolve) => (commit = resolve));
      const { store, submit } = await harness({}, (inner) => ({
        ...inner,
        dialect: inner.dialect,
        claim: inner.claim.bind(inner),
        saveLead: async (lead) => {
          await gate;
          return inner.saveLead(lead);
        },
      }));
      const key = newKey();
      const first = submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual(refusal(leadApiErrors.idempotencyKeyInFlight));
      expect(second.headers["retry-after"]).toBe("1");
      commit();
      expect((await first).statusCode).toBe(201);
      expect((await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key })).headers[REPLAYED_HEADER.toLowerCase()]).toBe(
        "true",
      );
      expect(await store.countLeads()).toBe(1);
    });

    it("keeps keys 24 hours", async () => {
      const { store, clock, submit } = await harness();
      const key = newKey();
      const first = await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key });
      clock.now += 23 * 3_600_000;
      expect((await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key })).json()).toEqual(first.json());
      clock.now += 2 * 3_600_000;
      const later = await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key });
      expect(later.statusCode).toBe(201);
      expect(later.json().data.id).not.toBe(first.json().data.id);
      expect(await store.countLeads()).toBe(2);
    });

    it("releases the key when storing fails, so the retry succeeds", async () => {
      let failures = 1;
      const { store, submit } = await harness({}, (inner) => ({
        ...inner,
        dialect: inner.dialect,
        saveLead: async (lead) => {
          if (failures-- > 0) throw new Error("disk full");
          return inner.saveLead(lead);
        },
      }));
      const key = newKey();
      const failed = await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual(refusal(leadApiErrors.leadNotStored));
      expect((await submit(VALID_LEAD, { [IDEMPOTENCY_HEADER]: key })).statusCode).toBe(201);
      expect(await store.countLeads()).toBe(1);
    });

    it("keeps a filled trap as quarantined spam: answered like a lead, not exported, not forwarded", async () => {
      const calls: string[] = [];
      const fetchStub = (async (_url: string, init: RequestInit) => {
        calls.push(String(init.body));
        return new Response(null, { status: 204 });
      }) as typeof fetch;
      const { store, clock, submit } = await harness(
        { CRM_WEBHOOK_URL: "https://crm.example/hooks/leads" },
        undefined,
        fetchStub,
      );
      const response = await submit({ ...VALID_LEAD, leave_empty: "https://spam.example" });
      clock.now += 1000;
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        success: true,
        message: leadApiErrors.leadReceived.message,
        data: { id: expect.any(String) },
      });
      const legacy = await submit({ ...VALID_LEAD, companyEmail: "legacy@spam.example", website: "autofilled" });
      expect(legacy.statusCode).toBe(201);

      const quarantined = await store.listQuarantined();
      expect(quarantined).toEqual([
        {
          id: response.json().data.id,
          createdAt: "2026-03-02T09:00:00.000Z",
          ...VALID_LEAD,
          spamTrap: "https://spam.example",
        },
        {
          id: legacy.json().data.id,
          ...VALID_LEAD,
          createdAt: "2026-03-02T09:00:01.000Z",
          companyEmail: "legacy@spam.example",
          spamTrap: "autofilled",
        },
      ]);
      expect(await store.exportLeads()).toEqual([]);

      const person = await submit({ ...VALID_LEAD, leave_empty: "" });
      expect(person.statusCode).toBe(201);
      await expect.poll(() => calls.length).toBe(1);
      expect(JSON.parse(calls[0]).id).toBe(person.json().data.id);

      expect(await store.releaseQuarantined(response.json().data.id, ["webhook"], START + 1)).toBe("released");
      expect(await store.releaseQuarantined(response.json().data.id, ["webhook"], START + 2)).toBe("not-quarantined");
      expect(await store.releaseQuarantined("no-such-lead", ["webhook"], START + 2)).toBe("not-found");
      expect((await store.listQuarantined()).map((lead) => lead.spamTrap)).toEqual(["autofilled"]);
      expect((await store.exportLeads()).map((lead) => lead.id).sort()).toEqual(
        [person.json().data.id, response.json().data.id].sort(),
      );
    });

    it("validates a lead that filled the trap like any other, and refuses an unusable trap value", async () => {
      const { store, submit } = await harness();
      const invalid = await submit({ ...VALID_LEAD, companyEmail: "nope", leave_empty: "x" });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors).toEqual([
        { field: "companyEmail", code: leadFieldErrors.email.code, message: leadFieldErrors.email.message },
      ]);
      const trap = await submit({ ...VALID_LEAD, leave_empty: { nested: true } });
      expect(trap.statusCode).toBe(400);
      expect(trap.json().errors).toEqual([
        { field: "leave_empty", code: "LEAD_TRAP_INVALID", message: leadApiErrors.trapInvalid.message },
      ]);
      expect(await store.countLeads()).toBe(0);
    });

    it("refuses control characters with 400 and a field message, before the store sees them", async () => {
      const { store, submit } = await harness();
      const control = { code: "LEAD_CONTROL_CHARACTER", message: leadApiErrors.controlCharacter.message };
      const response = await submit({
        ...VALID_LEAD,
        firstName: "Ame\u0000lia",
        lastName: "Hughes\r\nBcc: victim@example.com",
        companyName: "North\u001bbank",
        jobTitle: "Head\u007f",
        comment: "NUL \u0000 in a comment",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: leadApiErrors.leadInvalid.code,
        message: leadApiErrors.leadInvalid.message,
        errors: ["firstName", "lastName", "companyName", "jobTitle", "comment"].map((field) => ({ field, ...control })),
      });
      const surrogate = await submit({ ...VALID_LEAD, firstName: "Amelia \ud800" });
      expect(surrogate.json().errors).toEqual([{ field: "firstName", ...control }]);
      const url = await submit({ ...VALID_LEAD, companyWebsite: "https://northbank.example/\u0000" });
      expect(url.statusCode).toBe(400);
      expect(await store.countLeads()).toBe(0);

      const multiLine = { ...VALID_LEAD, firstName: "Amélie\tJeanne 🦊", comment: "Line one\r\nLine two\n\tindented" };
      const accepted = await submit(multiLine);
      expect(accepted.statusCode).toBe(201);
      const [stored] = await store.exportLeads();
      expect(stored).toMatchObject(multiLine);
    });

    it("answers every other /api path in JSON: 404 for unknown paths, 405 with Allow for a wrong method", async () => {
      const { app } = await harness();
      for (const [method, url] of [
        ["GET", `${LEAD_API_PREFIX}/anything`],
        ["POST", `${LEAD_API_PREFIX}/nothing/here`],
        ["DELETE", "/api"],
        ["GET", `${LEAD_API_PREFIX}/`],
      ] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        expect(response.json()).toEqual(refusal(leadApiErrors.apiNotFound));
      }
      for (const [method, url] of [
        ["GET", LEADS_ROUTE],
        ["PUT", LEADS_ROUTE],
        ["DELETE", TOKEN_ROUTE],
        ["GET", TOKEN_ROUTE],
        ["PATCH", LEADS_ROUTE],
      ] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow).toBe("POST, OPTIONS");
        expect(response.json()).toEqual(refusal(leadApiErrors.methodNotAllowed));
      }
      const head = await app.inject({ method: "HEAD", url: LEADS_ROUTE });
      expect(head.statusCode).toBe(405);
      expect((await app.inject({ method: "GET", url: "/no-such-page" })).headers["content-type"]).toMatch(
        /^text\/html/,
      );
    });

    it("forwards each lead to the CRM webhook after commit, retrying failures, keyed by lead id", async () => {
      const calls: { url: string; key: string; body: unknown }[] = [];
      let answer = 503;
      const fetchStub = (async (url: string, init: RequestInit) => {
        calls.push({
          url,
          key: new Headers(init.headers).get(IDEMPOTENCY_HEADER) ?? "",
          body: JSON.parse(String(init.body)),
        });
        return new Response(null, { status: answer });
      }) as typeof fetch;
      const { clock, submit } = await harness(
        { CRM_WEBHOOK_URL: "https://crm.example/hooks/leads" },
        undefined,
        fetchStub,
      );
      const id = (await submit(VALID_LEAD)).json().data.id;
      await expect.poll(() => calls.length).toBe(1);
      expect(calls[0]).toEqual({
        url: "https://crm.example/hooks/leads",
        key: `lead-${id}`,
        body: { id, createdAt: "2026-03-02T09:00:00.000Z", lead: VALID_LEAD },
      });
      answer = 204;
      clock.now += 2_000;
      await submit({ ...VALID_LEAD, companyEmail: "second@northbank-insurance.example" });
      await expect.poll(() => calls.length).toBe(3);
      expect(calls.map((call) => call.key)).toContain(`lead-${id}`);
      clock.now += 3_600_000;
      await submit({ ...VALID_LEAD, companyEmail: "third@northbank-insurance.example" });
      await expect.poll(() => calls.length).toBe(4);
    });

    it("erases a person's leads with their records, and purges old leads", async () => {
      const { store, clock, submit } = await harness();
      await submit(VALID_LEAD);
      await submit({ ...VALID_LEAD, companyEmail: "other@example.com" });
      clock.now += 10 * 86_400_000;
      await submit({ ...VALID_LEAD, companyEmail: "recent@example.com" });
      expect(await store.eraseByEmail("AMELIA.HUGHES@northbank-insurance.example")).toBe(1);
      expect((await store.exportLeads()).map((lead) => lead.companyEmail)).toEqual([
        "other@example.com",
        "recent@example.com",
      ]);
      expect(await store.purgeLeadsBefore(clock.now - 86_400_000)).toBe(1);
      expect((await store.exportLeads()).map((lead) => lead.companyEmail)).toEqual(["recent@example.com"]);
    });
  });
}
