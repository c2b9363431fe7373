import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { EDITOR_TOKEN_HEADER } from "../protocol.ts";
import { editorErrors } from "../../contract/errors.ts";
import { refused } from "./refusals.ts";

export interface Caller {
  /** The editor's own address (http://127.0.0.1:<port>), known once it listens. */
  origin: () => string;
  /** This run's key, which the editor's page carries and sends with each write. */
  token: string;
}

/** What only reads: every other method writes or carries content. */
export const READS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

const sameKey = (given: unknown, token: string) => {
  const key = typeof given === "string" ? given : "";
  return key.length === token.length && crypto.timingSafeEqual(Buffer.from(key), Buffer.from(token));
};

/**
 * DNS rebinding: a page of another site whose name resolves to the editor's address sends that name as Host. It must
 * read nothing here: not the API's answers, and not the editor's page, which carries the key of its writes.
 */
export function hostGuard(app: FastifyInstance, origin: () => string) {
  app.addHook("onRequest", async (request: FastifyRequest) => {
    if (request.headers.host !== new URL(origin()).host) throw refused(editorErrors.foreignHost);
  });
}

/**
 * The checks every request passes before any route reads it, in one place: its Host, then, for a write, its Origin
 * and this run's key. They run before the body is read, so a refused request is never parsed.
 */
export function guard(app: FastifyInstance, caller: Caller) {
  hostGuard(app, caller.origin);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    // A path the editor does not answer is told so, whoever asks.
    if (READS.has(request.method) || request.is404) return;
    // Writes and every request that carries content must come from the editor's own page, with this run's key.
    if (request.headers.origin !== caller.origin()) throw refused(editorErrors.foreignOrigin);
    if (!sameKey(request.headers[EDITOR_TOKEN_HEADER], caller.token)) throw refused(editorErrors.badToken);
  });
}
