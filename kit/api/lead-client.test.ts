import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IDEMPOTENCY_HEADER, LEADS_PATH, TOKEN_HEADER, TOKEN_PATH } from "../../contract/lead-api.ts";
import { createLeadClient, errorKindForStatus, leadFromForm } from "./lead-client.ts";
import { catalogue, leadFormMessages } from "../../contract/errors.ts";
import { leadFormErrors, leadFormToasts } from "../../contract/lead-form-messages.ts";
import { leadErrorMessages, leadToastMessages } from "./lead-messages.ts";
import { TOKEN_STORAGE_KEY } from "./token-cache.ts";

const API = "https://api.voxa.test/v1";
const NOW = Date.parse("2026-03-02T10:00:00Z");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const lead = {
  firstName: "Amira",
  lastName: "Khan",
  companyEmail: "amira.khan@northshield.example",
  companyName: "Northshield Insurance",
};

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

let seen: Seen[];
let tokenCount: number;
const record = async (request: Request) => {
  seen.push({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: await request.text(),
  });
};
const leadCalls = () => seen.filter((r) => r.url.endsWith(LEADS_PATH));
const tokenCalls = () => seen.filter((r) => r.url.endsWith(TOKEN_PATH));

const tokenOk = () =>
  http.post(`${API}${TOKEN_PATH}`, async ({ request }) => {
    await record(request);
    tokenCount += 1;
    return HttpResponse.json({
      success: true,
      message: "Token issued",
      data: { token: `token-${tokenCount}`, expiresAt: new Date(NOW + 300_000).toISOString() },
    });
  });
const leadAnswers = (...answers: (() => Response)[]) => {
  let call = 0;
  return http.post(`${API}${LEADS_PATH}`, async ({ request }) => {
    await record(request);
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    return answer();
  });
};
const created = () =>
  HttpResponse.json({ success: true, message: "Lead created", data: { id: "lead_1" } }, { status: 201 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  tokenCount = 0;
  localStorage.clear();
});
afterEach(() => server.resetHandlers());

const client = (now = () => NOW) => createLeadClient({ baseUrl: `${API}/`, now });

describe("the lead API client", () => {
  it("asks for a token with a JSON accept header and no body, then posts the lead with both headers", async () => {
    server.use(tokenOk(), leadAnswers(created));
    await expect(client().submit(lead)).resolves.toEqual({
      success: true,
      message: "Lead created",
      data: { id: "lead_1" },
    });

    const [token, sent] = seen;
    expect(token).toMatchObject({ method: "POST", url: `${API}${TOKEN_PATH}`, body: "" });
    expect(token.headers.accept).toBe("application/json");
    expect(sent).toMatchObject({ method: "POST", url: `${API}${LEADS_PATH}` });
    expect(JSON.parse(sent.body)).toEqual(lead);
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.headers.accept).toBe("application/json");
    expect(sent.headers[TOKEN_HEADER.toLowerCase()]).toBe("token-1");
    expect(sent.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toMatch(UUID);
  });

  it("keeps the token and its expiry in localStorage", async () => {
    server.use(tokenOk(), leadAnswers(created));
    await client().submit(lead);
    expect(JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY)!)).toEqual({
      token: "token-1",
      expiresAt: NOW + 300_000,
      expiresIn: 300,
    });
  });

  it("reuses a valid cached token across two submissions: one token call, a fresh idempotency key each", async () => {
    server.use(tokenOk(), leadAnswers(created));
    await client().submit(lead);
    await client(() => NOW + 60_000).submit(lead);

    expect(tokenCalls()).toHaveLength(1);
    const [first, second] = leadCalls();
    expect(second.headers[TOKEN_HEADER.toLowerCase()]).toBe("token-1");
    expect(second.headers[IDEMPOTENCY_HEADER.toLowerCase()]).not.toBe(first.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
  });

  it("never sends an expired cached token: it fetches a fresh one first", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: "stale", expiresAt: NOW - 1, expiresIn: 300 }));
    server.use(tokenOk(), leadAnswers(created));
    await client().submit(lead);

    expect(tokenCalls()).toHaveLength(1);
    expect(leadCalls().map((r) => r.headers[TOKEN_HEADER.toLowerCase()])).toEqual(["token-1"]);
  });

  it("treats a token about to expire (within 5 s) as expired", async () => {
    localStorage.setItem(
      TOKEN_STORAGE_KEY,
      JSON.stringify({ token: "nearly", expiresAt: NOW + 4_000, expiresIn: 300 }),
    );
    server.use(tokenOk(), leadAnswers(created));
    await client().submit(lead);
    expect(leadCalls()[0].headers[TOKEN_HEADER.toLowerCase()]).toBe("token-1");
  });

  it("on 401 clears the cache, fetches one fresh token and retries once with the same idempotency key", async () => {
    localStorage.setItem(
      TOKEN_STORAGE_KEY,
      JSON.stringify({ token: "revoked", expiresAt: NOW + 200_000, expiresIn: 300 }),
    );
    server.use(
      tokenOk(),
      leadAnswers(() => new HttpResponse(null, { status: 401 }), created),
    );
    await expect(client().submit(lead)).resolves.toMatchObject({ success: true });

    const [first, retry] = leadCalls();
    expect(leadCalls()).toHaveLength(2);
    expect(tokenCalls()).toHaveLength(1);
    expect(first.headers[TOKEN_HEADER.toLowerCase()]).toBe("revoked");
    expect(retry.headers[TOKEN_HEADER.toLowerCase()]).toBe("token-1");
    expect(retry.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBe(first.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
    expect(retry.body).toBe(first.body);
    expect(JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY)!).token).toBe("token-1");
  });

  it("on 401 twice gives up with 'Session expired' after exactly one retry", async () => {
    server.use(
      tokenOk(),
      leadAnswers(() => HttpResponse.json({ success: false, message: "Invalid token" }, { status: 401 })),
    );
    await expect(client().submit(lead)).rejects.toThrow("Session expired. Please refresh the page and try again.");
    expect(leadCalls()).toHaveLength(2);
    expect(tokenCalls()).toHaveLength(2);
  });

  it("sends the honeypot only as the form gives it", async () => {
    server.use(tokenOk(), leadAnswers(created));
    await client().submit({ ...lead, leave_empty: "https://spam.example" });
    expect(JSON.parse(leadCalls()[0].body)).toEqual({ ...lead, leave_empty: "https://spam.example" });
  });
});

describe("the error catalogue", () => {
  const leadStatus = (status: number, body?: object) => () =>
    body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status });

  it.each([
    [
      "the lead call fails to connect",
      () =>
        server.use(
          tokenOk(),
          http.post(`${API}${LEADS_PATH}`, () => HttpResponse.error()),
        ),
      leadErrorMessages.network,
    ],
    [
      "the token call fails to connect",
      () => server.use(http.post(`${API}${TOKEN_PATH}`, () => HttpResponse.error())),
      leadErrorMessages.network,
    ],
    [
      "the token call answers 500",
      () => server.use(http.post(`${API}${TOKEN_PATH}`, () => HttpResponse.json({ success: false }, { status: 500 }))),
      leadErrorMessages.tokenFailed,
    ],
    [
      "the token call answers 429",
      () => server.use(http.post(`${API}${TOKEN_PATH}`, () => new HttpResponse(null, { status: 429 }))),
      leadErrorMessages.tokenFailed,
    ],
    [
      "the token call answers 200 without a token",
      () =>
        server.use(
          http.post(`${API}${TOKEN_PATH}`, () => HttpResponse.json({ success: true, message: "ok", data: {} })),
        ),
      leadErrorMessages.noToken,
    ],
    [
      "the token call answers success: false",
      () =>
        server.use(
          http.post(`${API}${TOKEN_PATH}`, () =>
            HttpResponse.json({ success: false, message: "no", data: { token: "t", expiresAt: NOW + 300_000 } }),
          ),
        ),
      leadErrorMessages.noToken,
    ],
    [
      "the token call answers an already expired token",
      () =>
        server.use(
          http.post(`${API}${TOKEN_PATH}`, () =>
            HttpResponse.json({ success: true, data: { token: "t", expiresAt: new Date(NOW - 1000).toISOString() } }),
          ),
        ),
      leadErrorMessages.noToken,
    ],
    [
      "the token call answers something that is not JSON",
      () => server.use(http.post(`${API}${TOKEN_PATH}`, () => HttpResponse.text("<html>"))),
      leadErrorMessages.noToken,
    ],
    [
      "the lead call answers 400",
      () => server.use(tokenOk(), leadAnswers(leadStatus(400, { success: false, message: "Invalid lead" }))),
      leadErrorMessages.badRequest,
    ],
    [
      "the lead call answers 413",
      () => server.use(tokenOk(), leadAnswers(leadStatus(413))),
      leadErrorMessages.badRequest,
    ],
    ["the lead call answers 429", () => server.use(tokenOk(), leadAnswers(leadStatus(429))), leadErrorMessages.server],
    ["the lead call answers 500", () => server.use(tokenOk(), leadAnswers(leadStatus(500))), leadErrorMessages.server],
    ["the lead call answers 503", () => server.use(tokenOk(), leadAnswers(leadStatus(503))), leadErrorMessages.server],
    [
      "the lead call answers 200 with success: false",
      () => server.use(tokenOk(), leadAnswers(leadStatus(200, { success: false, message: "Not created" }))),
      leadErrorMessages.leadNotCreated,
    ],
    ["the lead call answers 404", () => server.use(tokenOk(), leadAnswers(leadStatus(404))), leadErrorMessages.unknown],
    ["the lead call answers 403", () => server.use(tokenOk(), leadAnswers(leadStatus(403))), leadErrorMessages.unknown],
  ])("when %s, the banner says the catalogue's message", async (_, arrange, message) => {
    arrange();
    await expect(client().submit(lead)).rejects.toThrow(message);
  });

  it("has the spec's wording, verbatim", () => {
    expect(leadErrorMessages).toEqual({
      network: "Unable to connect to our servers. Please check your internet connection and try again.",
      tokenFailed: "We're experiencing technical difficulties. Please try again in a few moments.",
      leadNotCreated: "We couldn't process your request at this time. Please try again or contact us directly.",
      sessionExpired: "Session expired. Please refresh the page and try again.",
      badRequest: "Please check your information and try again.",
      server: "Our servers are experiencing issues. Please try again in a few moments.",
      unknown: "We're having trouble submitting your request. Please try again or contact us directly.",
      noToken: "Failed to obtain valid authentication token.",
    });
    expect(leadToastMessages).toEqual({
      success: {
        title: "Request Submitted Successfully!",
        description: "We'll contact you within 24 hours to start building your free pilot AI agent.",
      },
      failure: { title: "Submission Failed", description: "Please try again or contact us directly." },
    });
  });

  it("takes every message from the catalogue, each with a code no other entry has, a title and a hint", () => {
    const entries = Object.values(catalogue).flatMap((group) => Object.values(group));
    const codes = entries.map((entry) => entry.code);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    expect(Object.values(catalogue)).toContain(leadFormMessages);
    const shown = [...Object.values(leadFormErrors), ...Object.values(leadFormToasts)];
    expect(Object.values(leadFormMessages)).toEqual(
      shown.map((message) => ({ title: expect.any(String), hint: expect.any(String), ...message })),
    );
  });

  it.each([
    [400, "badRequest"],
    [401, "sessionExpired"],
    [413, "badRequest"],
    [422, "unknown"],
    [429, "server"],
    [500, "server"],
    [502, "server"],
    [409, "unknown"],
  ])("maps status %i to '%s'", (status, kind) => {
    expect(errorKindForStatus(status)).toBe(kind);
  });
});

describe("leadFromForm", () => {
  it("trims every value and leaves out empty optional fields", () => {
    expect(
      leadFromForm({
        ...lead,
        firstName: "  Amira ",
        jobTitle: "",
        companyWebsite: "  ",
        phone: "+44 161 496 0000",
        industry: "Insurance",
        comment: "",
        leave_empty: "",
      }),
    ).toEqual({ ...lead, phone: "+44 161 496 0000", industry: "Insurance" });
  });
});
