import fastifyCookie from "@fastify/cookie";
import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { adminRoutes } from "./admin-routes.ts";
import { auditLog } from "./audit.ts";
import { type CookieOptions, sessionCookieName } from "./cookies.ts";
import type { EmailLinks } from "./email-link.ts";
import { sessionGuard } from "./guard.ts";
import type { OidcSignIn } from "./oidc.ts";
import type { People } from "./people.ts";
import { DEFAULT_LIMITS, sessionKeeper, type SessionLimits } from "./sessions.ts";
import { DEFAULT_ATTEMPT_LIMITS, signInRoutes, type AttemptLimits } from "./sign-in-routes.ts";
import type { TeamStore } from "./store.ts";

export interface TeamAuthOptions {
  publicUrl: URL;
  secureCookies: boolean;
  store: TeamStore;
  /** The people file as it is now (read again when it changes). */
  people: () => People;
  oidc?: OidcSignIn;
  links?: EmailLinks;
  linksToTerminal?: boolean;
  limits?: SessionLimits;
  attemptLimits?: AttemptLimits;
  /** The clock, which tests replace to expire sessions without waiting. */
  now?: () => number;
}

/**
 * Sign-in for the team editor, registered on the editor's server: every request gets `request.teamPerson`, every
 * write is checked for origin and CSRF token, every route for the role it declares (`config.role`), and the sign-in,
 * sign-out and admin routes under /team/ are added. Cookies are read and written by @fastify/cookie.
 */
const teamAuth: FastifyPluginAsync<TeamAuthOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const attemptLimits = options.attemptLimits ?? DEFAULT_ATTEMPT_LIMITS;
  const cookies: CookieOptions = { secure: options.secureCookies };
  const sessions = sessionKeeper(options.store, limits, now);
  const audit = auditLog(options.store, now);

  app.decorateRequest("teamPerson", null);
  await app.register(fastifyCookie);
  app.addHook("onRequest", sessionGuard(sessions, options.publicUrl.origin, sessionCookieName(cookies)));

  signInRoutes(app, {
    sessions,
    limits,
    audit,
    people: options.people,
    cookies,
    publicUrl: options.publicUrl,
    oidc: options.oidc,
    links: options.links,
    linksToTerminal: options.linksToTerminal,
    attemptLimits,
    attempt: async (key, limit) =>
      (await options.store.countAttempt(key, now(), now() - attemptLimits.windowMs)) <= limit,
  });
  adminRoutes(app, sessions, audit, options.people);
};

/** Registered with fastify-plugin so that its hook and decoration reach the editor's own routes too. */
export const teamAuthPlugin = fastifyPlugin(teamAuth, { name: "team-auth", fastify: "5.x" });

/**
 * The request serializer the editor's logger needs: the path without its query, so that an OpenID Connect callback's
 * code and state never reach a log line.
 */
export const teamLogSerializers = {
  req: (request: { method: string; url: string; ip?: string }) => ({
    method: request.method,
    url: request.url.split("?")[0],
    remoteAddress: request.ip,
  }),
};
