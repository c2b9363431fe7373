import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAX_JSON_MB, MAX_MEDIA_MB } from "../../contract/editor-protocol.ts";
import { type EditorError, editorErrors } from "../../contract/errors.ts";
import { READS } from "./guards.ts";
import { refused } from "./refusals.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route keeps its body's bytes (an upload); every other route that writes reads one JSON object. */
    bytes?: boolean;
    /** The refusal for a body over the route's `bodyLimit`; EDIT_BODY_TOO_LARGE unless the route says otherwise. */
    tooLarge?: EditorError;
  }
}

export const MAX_JSON_BYTES = MAX_JSON_MB * 1024 * 1024;
export const MAX_MEDIA_BYTES = MAX_MEDIA_MB * 1024 * 1024;

/** The options of a route that takes an upload: its bytes, up to the media limit, refused past it in its own words. */
export const UPLOAD = { bodyLimit: MAX_MEDIA_BYTES, config: { bytes: true, tooLarge: editorErrors.mediaSize } };

/** A request's JSON object, once `readInput` has read it. */
export type JsonBody = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonBody =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The JSON object a body holds; anything else is a request the editor's tab never sends. */
function jsonObject(raw: unknown): JsonBody {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.isBuffer(raw) ? raw.toString("utf8") : "");
  } catch {
    throw refused(editorErrors.badRequest);
  }
  if (!isObject(body)) throw refused(editorErrors.badRequest);
  return body;
}

/**
 * Every body is read as bytes whatever its Content-Type says, up to the route's limit (MAX_JSON_MB unless it takes an
 * upload); then, past the guards, a route that writes gets it as one JSON object, and an upload as its bytes.
 */
export function readInput(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.addHook("preValidation", async (request) => {
    if (READS.has(request.method) || request.is404 || request.routeOptions.config.bytes) return;
    request.body = jsonObject(request.body);
  });
}

/** An upload's bytes (none when the request had no body). */
export const bytesOf = (request: FastifyRequest): Buffer =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

/** A query parameter as the tab sends it: the first of its name, or null. */
export const queryParam = (request: FastifyRequest, name: string): string | null =>
  new URL(request.url, "http://editor").searchParams.get(name);
