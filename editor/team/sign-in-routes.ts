import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { teamAccessErrors } from "../../contract/errors.ts";
import { type InputTypes, NOTHING, fields, text } from "../server/route-schema.ts";
import type { AuditLog } from "./audit.ts";
import { cookieOptions, flowCookieName, sessionCookieName, type CookieOptions } from "./cookies.ts";
import { LINK_PAGE_PATH, type EmailLinks } from "./email-link.ts";
import { CALLBACK_PATH, FLOW_TTL_MS, SignInRefused, type OidcSignIn } from "./oidc.ts";
import { LINK_PAGE, LINK_SCRIPT, STRICT_CSP } from "./pages.ts";
import {
  OIDC_START_PATH,
  SIGN_IN_ICON,
  SIGN_IN_ICON_PATH,
  SIGN_IN_PAGE_PATH,
  SIGN_IN_SCRIPT,
  SIGN_IN_SCRIPT_PATH,
  SIGN_IN_STYLE,
  SIGN_IN_STYLE_PATH,
  signInPage,
} from "./sign-in-page.ts";
import { roleOf, type People } from "./people.ts";
import { refusal, TeamRefusal } from "./refusal.ts";
import type { SessionKeeper, SessionLimits } from "./sessions.ts";

export interface AttemptLimits {
  windowMs: number;
  perAddress: number;
  perClient: number;
}

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = { windowMs: 15 * 60_000, perAddress: 5, perClient: 20 };

export interface SignInDeps {
  sessions: SessionKeeper;
  limits: SessionLimits;
  audit: AuditLog;
  people: () => People;
  cookies: CookieOptions;
  publicUrl: URL;
  oidc?: OidcSignIn;
  links?: EmailLinks;
  /** The links are printed in the editor's terminal (one machine), which the sign-in page says. */
  linksToTerminal?: boolean;
  /** Counts an attempt under a key; answers whether it is within the limit. */
  attempt: (key: string, limit: number) => Promise<boolean>;
  attemptLimits: AttemptLimits;
}

const ADDRESS = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** What anyone may read or send: the sign-in page and its files, and the sign-in flows themselves. */
const OPEN = { config: { role: "anyone" }, schema: { querystring: NOTHING } } as const;
const SIGNED_IN = { config: { role: "viewer" }, schema: { querystring: NOTHING } } as const;

const signInPageQuery = fields(
  { refused: text(60, "The code of the refusal the page shows (a sign-in the provider sent back refused)") },
  [],
);
/** The provider's answer, as its protocol words it (code, state, iss, or error and its description). */
const PROVIDER_ANSWER = {
  type: "object",
  description: "The provider's answer: `code`, `state`, `iss`, or `error`",
} as const;
const linkBody = fields(
  {
    email: text(320, "The address the link is sent to, if it may sign in", {
      refusal: teamAccessErrors.emailInvalid.code,
    }),
  },
  ["email"],
);
const useBody = fields(
  { token: text(100, "The token the link carried in its fragment", { refusal: teamAccessErrors.linkInvalid.code }) },
  ["token"],
);

/** The routes that sign a person in and out: the provider's code flow, e-mailed links, sign-out. */
export function signInRoutes(fastify: FastifyInstance, deps: SignInDeps): void {
  const app = fastify.withTypeProvider<InputTypes>();
  const { sessions, audit, cookies } = deps;
  const sessionCookie = sessionCookieName(cookies);

  const openSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    via: string,
    name?: string,
  ) => {
    const role = roleOf(deps.people(), email);
    if (!role) {
      await audit.append("sign-in-failed", { person: email }, { via, reason: "not in editor-team.json" });
      throw refusal(teamAccessErrors.notAllowed);
    }
    // A sign-in replaces the browser's earlier session rather than leaving it open beside the new one.
    if (request.teamPerson) await sessions.end(request.teamPerson.sessionHash);
    const id = await sessions.start(email, role, name);
    await audit.append("sign-in", { person: email }, { via, role });
    reply.setCookie(sessionCookie, id, cookieOptions(Math.floor(deps.limits.absoluteMs / 1000), cookies));
    return role;
  };

  const limited = async (request: FastifyRequest, address?: string) => {
    const { perAddress, perClient } = deps.attemptLimits;
    const clientOk = await deps.attempt(`client:${request.ip}`, perClient);
    const addressOk = address === undefined || (await deps.attempt(`address:${address}`, perAddress));
    if (clientOk && addressOk) return;
    await audit.append("sign-in-failed", { person: address }, { reason: "too many attempts" });
    throw refusal(teamAccessErrors.tooManyAttempts);
  };

  /**
   * A browser's page load (the provider sending it back) is sent to the sign-in page, which shows the refusal's words;
   * any other refusal, and any failure, is the error handler's to answer.
   */
  const answering =
    <R>(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<R>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (!(error instanceof TeamRefusal) || !request.headers.accept?.includes("text/html")) throw error;
        request.log.info({ code: error.code }, "request refused");
        return reply.header("cache-control", "no-store").redirect(`${SIGN_IN_PAGE_PATH}?refused=${error.code}`, 303);
      }
    };

  const strict = (reply: FastifyReply, type: string, body: string) =>
    reply.header("content-security-policy", STRICT_CSP).header("cache-control", "no-store").type(type).send(body);
  app.get(SIGN_IN_PAGE_PATH, { ...OPEN, schema: { querystring: signInPageQuery } }, async (request, reply) => {
    // Someone already signed in has nothing to do here.
    if (request.teamPerson) return reply.redirect("/", 303);
    const page = signInPage({
      provider: Boolean(deps.oidc),
      links: Boolean(deps.links),
      linksToTerminal: Boolean(deps.linksToTerminal),
      refused: request.query.refused,
    });
    return strict(reply, "text/html; charset=utf-8", page);
  });
  app.get(SIGN_IN_STYLE_PATH, OPEN, async (_request, reply) => strict(reply, "text/css; charset=utf-8", SIGN_IN_STYLE));
  app.get(SIGN_IN_ICON_PATH, OPEN, async (_request, reply) => strict(reply, "image/svg+xml", SIGN_IN_ICON));
  if (deps.links)
    app.get(SIGN_IN_SCRIPT_PATH, OPEN, async (_request, reply) =>
      strict(reply, "text/javascript; charset=utf-8", SIGN_IN_SCRIPT),
    );

  app.get("/team/session", SIGNED_IN, async (request, reply) => {
    const person = request.teamPerson;
    reply.header("cache-control", "no-store");
    return { email: person?.email, role: person?.role, csrfToken: person?.csrfToken };
  });

  const oidc = deps.oidc;
  if (oidc) {
    const flowCookie = flowCookieName(cookies);
    app.get(
      OIDC_START_PATH,
      OPEN,
      answering(async (request, reply) => {
        await limited(request);
        const { flowId, url } = await oidc.start();
        reply.setCookie(flowCookie, flowId, cookieOptions(FLOW_TTL_MS / 1000, cookies));
        return reply.header("cache-control", "no-store").redirect(url.href, 303);
      }),
    );
    app.get(
      CALLBACK_PATH,
      { ...OPEN, schema: { querystring: PROVIDER_ANSWER } },
      answering(async (request, reply) => {
        reply.setCookie(flowCookie, "", cookieOptions(0, cookies));
        const callbackUrl = new URL(request.url, deps.publicUrl);
        let identity;
        try {
          identity = await oidc.finish(request.cookies[flowCookie], callbackUrl);
        } catch (error) {
          if (!(error instanceof SignInRefused)) throw error;
          await audit.append("sign-in-failed", {}, { via: "oidc", reason: error.reason });
          throw error.refusal;
        }
        if (!identity.emailVerified) {
          await audit.append(
            "sign-in-failed",
            { person: identity.email },
            { via: "oidc", reason: "e-mail not verified" },
          );
          throw refusal(teamAccessErrors.emailNotVerified);
        }
        await openSession(request, reply, identity.email, "oidc", identity.name);
        return reply.header("cache-control", "no-store").redirect("/", 303);
      }),
    );
  }

  const links = deps.links;
  if (links) {
    app.post("/team/link", { ...OPEN, schema: { body: linkBody, querystring: NOTHING } }, async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      if (!ADDRESS.test(email)) throw refusal(teamAccessErrors.emailInvalid);
      await limited(request, email);
      // The same answer, at once, whether the address may sign in or not: the mail goes out afterwards.
      if (roleOf(deps.people(), email)) {
        links.send(email).catch((error: unknown) => {
          request.log.error(
            { err: { name: (error as Error).name, code: (error as { code?: unknown }).code } },
            "sign-in link not sent",
          );
        });
      } else {
        await audit.append("sign-in-failed", { person: email }, { via: "link", reason: "not in editor-team.json" });
        links.notAllowed(email);
      }
      const answer = deps.linksToTerminal ? teamAccessErrors.linkPrinted : teamAccessErrors.linkSent;
      return reply.code(202).send({ code: answer.code, message: answer.message, hint: answer.hint });
    });
    app.get(LINK_PAGE_PATH, OPEN, async (_request, reply) =>
      reply.header("content-security-policy", STRICT_CSP).type("text/html; charset=utf-8").send(LINK_PAGE),
    );
    app.get("/team/link.js", OPEN, async (_request, reply) =>
      reply.header("content-security-policy", STRICT_CSP).type("text/javascript; charset=utf-8").send(LINK_SCRIPT),
    );
    app.post("/team/link/use", { ...OPEN, schema: { body: useBody, querystring: NOTHING } }, async (request, reply) => {
      await limited(request);
      const { token } = request.body;
      const email = token !== "" ? await links.use(token) : undefined;
      if (!email) {
        await audit.append("sign-in-failed", {}, { via: "link", reason: "link used, expired or unknown" });
        throw refusal(teamAccessErrors.linkInvalid);
      }
      const role = await openSession(request, reply, email, "link");
      return reply.header("cache-control", "no-store").send({ email, role });
    });
  }

  app.post(
    "/team/sign-out",
    { ...SIGNED_IN, schema: { body: NOTHING, querystring: NOTHING } },
    async (request, reply) => {
      const person = request.teamPerson;
      if (person) {
        await sessions.end(person.sessionHash);
        await audit.append("sign-out", { person: person.email });
      }
      reply.setCookie(sessionCookie, "", cookieOptions(0, cookies));
      return { code: teamAccessErrors.signedOut.code, message: teamAccessErrors.signedOut.message };
    },
  );
}
