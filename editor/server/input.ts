import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAX_JSON_MB, MAX_MEDIA_MB } from "../protocol.ts";
import { type EditorError, editorErrors } from "../../contract/errors.ts";

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
export const UPLOAD = {
  bodyLimit: MAX_MEDIA_BYTES,
  config: { bytes: true, tooLarge: editorErrors.mediaSize },
} as const;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Every body is read as JSON whatever its Content-Type says, up to the route's limit (MAX_JSON_MB unless it takes an
 * upload), by Fastify's own parser: a body that is not JSON, or that holds a `__proto__` or `constructor.prototype`
 * key anywhere, is refused before its route's schema is even tried.
 */
export function readJson(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, parse);
}

/** In an upload's routes (their own plugin), every body is kept as its bytes, whatever its Content-Type says. */
export function readBytes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
}

/** An upload's bytes (none when the request had no body). */
export const bytesOf = (request: FastifyRequest): Buffer =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
