import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";
import { EDITOR_TOKEN_HEADER } from "../../contract/editor-protocol.ts";
import { teamAccessErrors } from "../../contract/errors.ts";
import { readCookie, sessionCookieName, type CookieOptions } from "./cookies.ts";
import { refusal, sendRefusal, type TeamRefusal } from "./refusal.ts";
import { roleAtLeast, type Role } from "./roles.ts";
import { sameSecret } from "./secrets.ts";
import type { Person, SessionKeeper } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person of the request's session, or null. */
    teamPerson: Person | null;
  }
  interface FastifyContextConfig {
    /** A sign-in route: a write without a session, which the origin check still covers. */
    teamSignIn?: boolean;
  }
}

/** The session's CSRF token travels in the header the editor's page sends its key in, whichever way it runs. */
export const CSRF_HEADER = EDITOR_TOKEN_HEADER;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The hook every request passes: it finds the person of the session cookie, and refuses a write that does not come
 * from the editor's own origin or, outside sign-in, does not carry the session's CSRF token.
 */
export function sessionGuard(sessions: SessionKeeper, publicOrigin: string, cookies: CookieOptions) {
  const cookieName = sessionCookieName(cookies);
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const id = readCookie(request.headers.cookie, cookieName);
    request.teamPerson = id ? ((await sessions.resume(id)) ?? null) : null;
    if (SAFE_METHODS.has(request.method)) return;
    const check = (): TeamRefusal | undefined => {
      if (request.headers.origin !== publicOrigin) return refusal(teamAccessErrors.originRefused);
      if (request.routeOptions.config.teamSignIn) return undefined;
      const person = request.teamPerson;
      if (!person) return refusal(teamAccessErrors.signInRequired);
      const token = request.headers[CSRF_HEADER];
      if (typeof token !== "string" || token === "") return refusal(teamAccessErrors.csrfMissing);
      if (!sameSecret(token, person.csrfToken)) return refusal(teamAccessErrors.csrfInvalid);
      return undefined;
    };
    const refused = check();
    if (refused) {
      request.log.info({ code: refused.code }, "request refused");
      return sendRefusal(reply, refused);
    }
  };
}

/** A route's guard: a signed-in person with at least this role. */
export function requireRole(needed: Role): preHandlerHookHandler {
  return async function roleGuard(request, reply) {
    const person = request.teamPerson;
    const refused = !person
      ? refusal(teamAccessErrors.signInRequired)
      : roleAtLeast(person.role, needed)
        ? undefined
        : refusal(teamAccessErrors.roleTooLow, { role: person.role, needed });
    if (refused) {
      request.log.info({ code: refused.code }, "request refused");
      return sendRefusal(reply, refused);
    }
  };
}
