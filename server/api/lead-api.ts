import fastifyCors from "@fastify/cors";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, HTTPMethods } from "fastify";
import type { ApiConfig } from "../config.ts";
import { newLeadId, type LeadStore, type OutboxChannel, type StoredResponse } from "../db/store.ts";
import { type CatalogueEntry, CatalogueError, catalogueError, leadApiErrors } from "../../contract/errors.ts";
import { type RefusalWords, refusalHandler, sendRefusal, statusOf } from "../../contract/refusals.server.ts";
import {
  IDEMPOTENCY_HEADER as LEAD_IDEMPOTENCY_HEADER,
  LEADS_PATH,
  type LeadApiFailure,
  type LeadApiSuccess,
  type LeadReceipt,
  type LeadToken,
  REPLAYED_HEADER,
  TOKEN_HEADER as LEAD_TOKEN_HEADER,
  TOKEN_PATH,
} from "../../contract/lead-api.ts";
import { LEAD_BODY, LeadRefused, fingerprint, leadBodyValidator, leadOf } from "./lead-validation.ts";
import type { Outbox } from "./outbox.ts";
import { sharedRateLimitStore } from "./rate-limit-store.ts";
import { issueToken, tokenVerifier } from "./tokens.ts";

export interface LeadApiOptions {
  config: ApiConfig;
  store: LeadStore;
  outbox?: Outbox;
  /** The channels each new lead is queued on (CRM webhook, e-mail); quarantined leads on none. */
  outboxChannels: OutboxChannel[];
  now: () => number;
  /** Told of each lead committed, in quarantine or not (metrics). */
  onLeadCommitted?: (inQuarantine: boolean) => void;
}

/** The API's endpoints and the one method each accepts (OPTIONS is the CORS preflight). */
const ENDPOINTS = [TOKEN_PATH, LEADS_PATH];
const ALLOW = "POST, OPTIONS";

/** Node gives header names in lower case. */
const TOKEN_HEADER = LEAD_TOKEN_HEADER.toLowerCase();
const IDEMPOTENCY_HEADER = LEAD_IDEMPOTENCY_HEADER.toLowerCase();
/** Printable ASCII, as the IETF Idempotency-Key draft expects; UUIDs fit easily. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;

/**
 * How the API words a refusal (its entry's code and message, and the field errors of a refused lead), what Fastify and
 * its plugins refuse, and its own failure.
 */
const words: RefusalWords = {
  body: (refusal): LeadApiFailure => ({
    success: false,
    code: refusal.code,
    message: refusal.message,
    ...(refusal.detail as Pick<LeadApiFailure, "errors">),
  }),
  fromFramework: (error) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return leadApiErrors.bodyTooLarge;
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || error.code === "FST_ERR_CTP_INVALID_CONTENT_TYPE")
      return leadApiErrors.unsupportedMediaType;
    // Bad JSON, __proto__ / constructor.prototype keys, a Content-Length that does not match the body.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return leadApiErrors.malformedJson;
    return undefined;
  },
  failed: leadApiErrors.leadNotStored,
  log: (error, request) => request.log.error(error),
};

/** A refusal, with the status its catalogue entry names and what else the client needs (field errors). */
const fail = (reply: FastifyReply, entry: CatalogueEntry, extra: Pick<LeadApiFailure, "errors"> = {}) =>
  sendRefusal(reply, new CatalogueError(entry, entry.message, extra), words);

/** The lead API, mounted under /api. */
export async function leadApi(
  app: FastifyInstance,
  { config, store, outbox, outboxChannels, now, onLeadCommitted }: LeadApiOptions,
) {
  app.setErrorHandler(refusalHandler(words));
  const verifyToken = tokenVerifier(config.tokenSecret);
  const notFound = (_request: unknown, reply: FastifyReply) => fail(reply, leadApiErrors.apiNotFound);
  app.setNotFoundHandler(notFound);

  // An explicit allow-list; with none, only same-origin pages may call: no CORS headers at all, so no CORS plugin
  // (a preflight then gets the JSON 404 like any unknown path).
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: ["POST"],
      allowedHeaders: ["content-type", "accept", TOKEN_HEADER, IDEMPOTENCY_HEADER],
      maxAge: 600,
    });
  }
  const shared = config.redisUrl ? sharedRateLimitStore(config.redisUrl, app.log) : undefined;
  if (shared) {
    app.addHook("onClose", () => shared.close());
    await shared.connected;
  }
  await app.register(fastifyRateLimit, {
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    ...(shared && { redis: shared.redis, nameSpace: "voxa-rate-limit:", skipOnError: true }),
    // IETF RateLimit header fields (RateLimit-Limit/-Remaining/-Reset) plus Retry-After on 429.
    enableDraftSpec: true,
    // Thrown, and answered by the error handler like every refusal.
    errorResponseBuilder: () => catalogueError(leadApiErrors.rateLimited),
  });

  // An empty JSON body is fine for the token call (the form sends none); elsewhere validation rejects it.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: config.bodyLimitBytes },
    (request, body, done) => {
      const text = body.toString();
      if (text === "") return done(null, undefined);
      parseJson(request, text, done);
    },
  );

  // Answers are a few hundred bytes, under the compression threshold, and the form never compresses what it sends:
  // without @fastify/compress's hooks on these routes, each request skips their cost.
  const routeOptions = { bodyLimit: config.bodyLimitBytes, compress: false, decompress: false } as const;

  // Every /api path answers JSON: the site's catch-all would otherwise answer GET /api/… with its HTML 404 page.
  const otherMethods = app.supportedMethods.filter((method) => method !== "POST" && method !== "OPTIONS");
  for (const url of ENDPOINTS) {
    app.route({
      ...routeOptions,
      method: otherMethods as HTTPMethods[],
      url,
      exposeHeadRoute: false,
      handler: (_request, reply) => fail(reply.header("allow", ALLOW), leadApiErrors.methodNotAllowed),
    });
  }
  app.route({
    ...routeOptions,
    method: app.supportedMethods.filter((method) => method !== "OPTIONS") as HTTPMethods[],
    url: "/*",
    exposeHeadRoute: false,
    handler: notFound,
  });

  app.post(TOKEN_PATH, routeOptions, async (_request, reply) => {
    const body: LeadApiSuccess<LeadToken> = {
      success: true,
      message: leadApiErrors.tokenIssued.message,
      data: issueToken(config.tokenSecret, config.tokenTtlSeconds, now()),
    };
    return reply.code(statusOf(leadApiErrors.tokenIssued)).header("cache-control", "no-store").send(body);
  });

  // The body is declared and checked before the handler, which answers its refusal after the token's and the key's.
  const leadOptions = {
    ...routeOptions,
    schema: { body: LEAD_BODY },
    validatorCompiler: leadBodyValidator,
    attachValidation: true,
  };
  app.post(LEADS_PATH, leadOptions, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const tokenHeader = request.headers[TOKEN_HEADER];
    const token = verifyToken(typeof tokenHeader === "string" ? tokenHeader : undefined, now());
    if (token !== "valid") {
      const entry =
        token === "missing"
          ? leadApiErrors.tokenMissing
          : token === "expired"
            ? leadApiErrors.tokenExpired
            : leadApiErrors.tokenInvalid;
      return fail(reply, entry);
    }
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key)) return fail(reply, leadApiErrors.idempotencyKeyMissing);

    if (request.validationError instanceof LeadRefused)
      return fail(reply, leadApiErrors.leadInvalid, { errors: request.validationError.errors });
    if (request.validationError) throw request.validationError;
    const checked = leadOf(request.body);

    const started = now();
    const claim = await store.claim(
      key,
      fingerprint(request.body),
      started,
      started - config.idempotencyTtlHours * 3_600_000,
    );
    if (claim.kind === "replay")
      return reply.code(claim.response.status).header(REPLAYED_HEADER, "true").send(claim.response.body);
    if (claim.kind === "mismatch") return fail(reply, leadApiErrors.idempotencyKeyReused);
    if (claim.kind === "in-flight") return fail(reply.header("retry-after", "1"), leadApiErrors.idempotencyKeyInFlight);

    const id = newLeadId(started);
    const response: StoredResponse = {
      status: statusOf(leadApiErrors.leadReceived),
      body: {
        success: true,
        message: leadApiErrors.leadReceived.message,
        data: { id },
      } satisfies LeadApiSuccess<LeadReceipt>,
    };
    try {
      await store.saveLead({
        id,
        lead: checked.lead,
        createdAt: started,
        idempotencyKey: key,
        response,
        // A filled trap: kept in quarantine, answered like any lead so a bot learns nothing, forwarded to no one.
        spamTrap: checked.trap,
        outboxChannels,
      });
    } catch (error) {
      await store.release(key).catch(() => undefined);
      throw error;
    }
    onLeadCommitted?.(checked.trap !== undefined);
    // Answer only after the commit; forwarding happens afterwards, outside the request.
    if (checked.trap === undefined) void outbox?.kick();
    return reply.code(response.status).send(response.body);
  });
}
