import type { FastifyReply, FastifyRequest } from "fastify";
import { EDITOR_TOKEN_HEADER } from "../protocol.ts";
import { teamAccessErrors } from "../../contract/errors.ts";
import { refusal, type TeamRefusal } from "./refusal.ts";
import { roleAtLeast } from "./roles.ts";
import { sameSecret } from "./secrets.ts";
import type { Person, SessionKeeper } from "./sessions.ts";
import { SIGN_IN_PAGE_PATH } from "./sign-in-page.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person of the request's session, or null. */
    teamPerson: Person | null;
  }
}

/** The session's CSRF token travels in the header the editor's page sends its key in, whichever way it runs. */
export const CSRF_HEADER = EDITOR_TOKEN_HEADER;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The hook every request passes, which reads what its route declares (editor/server/route-needs.ts): it finds the
 * person of the session cookie (a route the tab calls by itself leaves the session's idle clock running); it refuses
 * a write that does not come from the editor's own origin or, outside sign-in, does not carry the session's CSRF token;
 * then a person below the route's role. One of the editor's pages sends a browser without a session to sign in.
 */
export function sessionGuard(sessions: SessionKeeper, publicOrigin: string, cookieName: string) {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const config = request.routeOptions.config;
    const id = request.cookies[cookieName];
    request.teamPerson = id ? ((await sessions.resume(id, { active: !config.background })) ?? null) : null;
    // An address no route answers is told so, whoever asks (a write still from the editor's origin only).
    const role = request.is404 ? undefined : config.role;
    const refused = ((): TeamRefusal | undefined => {
      const person = request.teamPerson;
      if (!SAFE_METHODS.has(request.method)) {
        if (request.headers.origin !== publicOrigin) return refusal(teamAccessErrors.originRefused);
        if (role !== "anyone") {
          if (!person) return refusal(teamAccessErrors.signInRequired);
          const token = request.headers[CSRF_HEADER];
          if (typeof token !== "string" || token === "") return refusal(teamAccessErrors.csrfMissing);
          if (!sameSecret(token, person.csrfToken)) return refusal(teamAccessErrors.csrfInvalid);
        }
      }
      if (role === undefined || role === "anyone") return undefined;
      if (!person) return refusal(teamAccessErrors.signInRequired);
      if (!roleAtLeast(person.role, role))
        return refusal(teamAccessErrors.roleTooLow, { role: person.role, needed: role });
      return undefined;
    })();
    if (!refused) return;
    if (refused.entry === teamAccessErrors.signInRequired && config.editorPage && !request.is404)
      return reply.redirect(SIGN_IN_PAGE_PATH, 303);
    request.log.info({ code: refused.code }, "request refused");
    throw refused;
  };
}
