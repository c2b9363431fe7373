import fastifyCookie from "@fastify/cookie";
import send from "@fastify/send";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type AnyEntry,
  leadApiErrors,
  messageOf,
  teamPreviewErrors,
  teamPreviewLines,
} from "../../../contract/errors.ts";
import {
  LEADS_ROUTE,
  type LeadApiSuccess,
  type LeadReceipt,
  type LeadToken,
  TOKEN_ROUTE,
} from "../../../contract/lead-api.ts";
import { statusOf } from "../../../contract/refusals.server.ts";
import { type SitePages, pagesOnDemand, siteAnswer } from "../../../platform/site-files.ts";
import { RESOURCE_POLICY, SECURITY_HEADERS } from "../../../platform/site-policy.ts";
import { randomSecret } from "../secrets.ts";
import { type PreviewHosts } from "./preview-hosts.ts";
import {
  BANNER_PATH,
  BANNER_SCRIPT,
  type BannerState,
  ENTER_PATH,
  PREVIEW_PATH,
  SHARE_PATH,
  STATE_PATH,
  STATUS_PAGE_CSP,
  markedPage,
  statusPage,
} from "./preview-pages.ts";
import { type Admitted, type PreviewPasses } from "./preview-passes.ts";
import type { Schedule } from "../../protocol.ts";
import { goesLiveLine } from "../../schedule-words.ts";
import type { PreviewBuilds, PreviewState, ReadyPreview } from "./builds.ts";

export interface PreviewServingOptions {
  hosts: PreviewHosts;
  /** The requests' builds; without a builder every request's preview is absent. */
  builds?: Pick<PreviewBuilds, "stateOf">;
  passes: PreviewPasses;
  /** The editor's address: the banner links people of the team back to the request's review there. */
  publicUrl: URL;
  /** A request's title for the banner, when the forge can say it. */
  titleOf?: (number: number) => Promise<string | undefined>;
  /** When the request is scheduled to go live (its waiting schedule), for the banner to say. */
  goesLiveOf?: (number: number) => Promise<Pick<Schedule, "at" | "timeZone"> | undefined>;
  now: () => number;
}

/** Said on every answer of a preview's origin: no search engine keeps or follows anything of it. */
export const ROBOTS_HEADER = { "x-robots-tag": "noindex, nofollow" } as const;
/** Said on the lead form's answer: the lead went nowhere. */
export const LEAD_NOT_SENT_HEADER = { "x-preview-lead": "not sent" } as const;
const ROBOTS_TXT = "User-agent: *\nDisallow: /\n";
/** Builds kept read at once: a few requests' latest. */
const OPEN_BUILDS = 16;
const SENDS_NOTHING = { connectSrc: [] };

/** The cookie of a preview's pass: host-only (no Domain), so one request's is never sent to another's origin. */
export const passCookieName = (secure: boolean) => (secure ? "__Host-preview-pass" : "preview-pass");

/** The build a state serves, when it has one: the ready one, or the one before a build under way or failed. */
const servedBuild = (state: PreviewState): ReadyPreview | undefined =>
  state.state === "ready" ? state : state.state === "absent" ? undefined : state.previous;

const formatTime = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * Serves each review request's preview at its own origin (./preview-hosts.ts), ahead of everything the editor's
 * server answers: a request whose Host is a preview's is answered here, and never reaches the editor's guards, routes
 * or sessions (whose cookies a preview's origin is never sent). The site's own files, by the site's server's rules
 * (platform/site-files.ts) and Content-Security-Policy with connections and forms to the preview's own origin
 * only; each HTML page marked noindex and given the banner as it is sent; a robots.txt that disallows everything; the
 * lead form answered as sent while nothing is sent or kept; and nothing at all without a pass for this request.
 */
export function previewServing(app: FastifyInstance, options: PreviewServingOptions) {
  const { hosts, builds, passes } = options;
  const cookieName = passCookieName(hosts.secure);
  const sites = new Map<string, SitePages>();
  const siteOf = (clientDir: string) => {
    let site = sites.get(clientDir);
    if (!site) {
      site = pagesOnDemand({ siteDir: clientDir, ...SENDS_NOTHING, upgradeInsecureRequests: hosts.secure });
      sites.set(clientDir, site);
      // The oldest build read goes first: a request's earlier builds are no longer served.
      if (sites.size > OPEN_BUILDS) sites.delete(sites.keys().next().value!);
    }
    return site;
  };

  const statusAnswer = (
    reply: FastifyReply,
    status: number,
    words: { message: string; hint: string },
    reload = false,
  ) =>
    reply
      .code(status)
      .header("content-security-policy", STATUS_PAGE_CSP)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(statusPage({ ...words, reload }));
  const refusalPage = (reply: FastifyReply, entry: AnyEntry) =>
    statusAnswer(reply, statusOf(entry), {
      message: messageOf(entry as typeof teamPreviewErrors.private),
      hint: entry.hint,
    });

  const setPass = (reply: FastifyReply, pass: string, expiresAt: number, now: number) =>
    reply.header(
      "set-cookie",
      fastifyCookie.serialize(cookieName, pass, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: hosts.secure,
        maxAge: Math.max(1, Math.floor((expiresAt - now) / 1000)),
      }),
    );

  /** Where an entry goes after it: a path of this origin, never another's (`//evil.example`, `/\evil.example`). */
  const pathAfterEntry = (raw: unknown) => (typeof raw === "string" && /^\/(?![/\\])[^\s\\]*$/.test(raw) ? raw : "/");

  async function bannerState(number: number, state: PreviewState, admitted: Admitted): Promise<BannerState> {
    const build = servedBuild(state);
    const title = (await options.titleOf?.(number).catch(() => undefined)) ?? "";
    const builtAt = build ? formatTime(build.builtAt) : "";
    const text = messageOf(teamPreviewLines.banner, { number, title, builtAt });
    const scheduled = await options.goesLiveOf?.(number).catch(() => undefined);
    const note =
      state.state === "building"
        ? teamPreviewLines.bannerUpdating.message
        : state.state === "failed"
          ? teamPreviewLines.bannerFailed.message
          : undefined;
    return {
      text,
      short: messageOf(teamPreviewLines.bannerShort, { number }),
      detail: messageOf(teamPreviewLines.bannerDetail, { title, builtAt }),
      details: teamPreviewLines.bannerDetails.message,
      ...(note && { note }),
      // In the zone the publisher gave: the banner is read by people outside the team, in any zone.
      ...(scheduled && { schedule: goesLiveLine(scheduled.at, scheduled.timeZone, scheduled.timeZone) }),
      updating: state.state === "building",
      ...("person" in admitted && {
        review: { href: `${options.publicUrl.origin}/review/${number}`, label: teamPreviewLines.bannerReview.message },
      }),
    };
  }

  async function sendSite(request: FastifyRequest, reply: FastifyReply, number: number, state: PreviewState) {
    const build = servedBuild(state);
    if (!build) {
      if (state.state === "failed")
        return statusAnswer(reply, 500, {
          message: messageOf(teamPreviewLines.failed, { number, message: state.message }),
          hint: teamPreviewLines.failed.hint,
        });
      const words = state.state === "building" ? teamPreviewLines.building : teamPreviewLines.absent;
      return statusAnswer(reply, 503, { message: messageOf(words, { number }), hint: words.hint }, true);
    }
    const answer = siteAnswer(siteOf(build.clientDir), request.url);
    switch (answer.kind) {
      case "redirect":
        return reply.header("cache-control", "no-store").redirect(answer.location, 301);
      case "page":
      case "not-found": {
        const status = answer.kind === "page" ? 200 : 404;
        return reply
          .code(status)
          .header("content-security-policy", answer.page.csp)
          .header("cache-control", "private, no-cache")
          .type("text/html; charset=utf-8")
          .send(markedPage(answer.page.body.toString("utf8")));
      }
      case "file": {
        const file = await send(request.raw, answer.urlPath, {
          root: build.clientDir,
          index: false,
          dotfiles: "deny",
          cacheControl: false,
        });
        // A preview is private: nothing of it is kept by a cache shared between people.
        return reply
          .code(file.statusCode)
          .headers(file.headers)
          .header("content-security-policy", RESOURCE_POLICY)
          .header("cache-control", answer.cacheControl.replace("public", "private"))
          .send(file.stream);
      }
    }
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, number: number) {
    reply.headers({ ...SECURITY_HEADERS, ...ROBOTS_HEADER, "content-security-policy": RESOURCE_POLICY });
    const { pathname, searchParams } = new URL(request.url, "http://preview");
    const reads = request.method === "GET" || request.method === "HEAD";

    if (reads && pathname === "/robots.txt")
      return reply.type("text/plain; charset=utf-8").header("cache-control", "no-store").send(ROBOTS_TXT);
    if (reads && pathname === BANNER_PATH)
      return reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(BANNER_SCRIPT);
    if (reads && pathname === ENTER_PATH) {
      const pass = await passes.enter(searchParams.get("token") ?? "", number);
      if (!pass) return refusalPage(reply, teamPreviewErrors.entryUsed);
      setPass(reply, pass.pass, pass.expiresAt, options.now());
      return reply.header("cache-control", "no-store").redirect(pathAfterEntry(searchParams.get("path")), 303);
    }
    if (reads && pathname.startsWith(SHARE_PATH)) {
      const pass = await passes.enterShare(pathname.slice(SHARE_PATH.length), number);
      if (!pass) return refusalPage(reply, teamPreviewErrors.shareEnded);
      setPass(reply, pass.pass, pass.expiresAt, options.now());
      return reply.header("cache-control", "no-store").redirect("/", 303);
    }

    const cookie = fastifyCookie.parse(request.headers.cookie ?? "")[cookieName];
    const admitted = cookie ? await passes.admits(cookie, number) : undefined;
    if (!admitted) return refusalPage(reply, teamPreviewErrors.private);

    const state = builds?.stateOf(number) ?? { state: "absent" };
    if (reads && pathname === STATE_PATH)
      return reply.header("cache-control", "no-store").send(await bannerState(number, state, admitted));
    if (request.method === "POST" && pathname === TOKEN_ROUTE) {
      const body: LeadApiSuccess<LeadToken> = {
        success: true,
        message: leadApiErrors.tokenIssued.message,
        data: { token: randomSecret(), expiresAt: new Date(options.now() + 600_000).toISOString(), expiresIn: 600 },
      };
      return reply.code(statusOf(leadApiErrors.tokenIssued)).headers(LEAD_NOT_SENT_HEADER).send(body);
    }
    if (request.method === "POST" && pathname === LEADS_ROUTE) {
      // Answered as the lead API answers a lead it stored, so that the form shows what a visitor would see; the body
      // is not even read.
      const body: LeadApiSuccess<LeadReceipt> = {
        success: true,
        message: teamPreviewLines.leadNotSent.message,
        data: { id: "preview" },
      };
      return reply
        .code(statusOf(leadApiErrors.leadReceived))
        .headers({ ...LEAD_NOT_SENT_HEADER, "cache-control": "no-store" })
        .send(body);
    }
    if (!reads || pathname.startsWith(`${PREVIEW_PATH}/`)) {
      const { code, title, hint } = teamPreviewErrors.readOnly;
      return reply
        .code(statusOf(teamPreviewErrors.readOnly))
        .send({ error: { code, title, message: teamPreviewErrors.readOnly.message, hint } });
    }
    return sendSite(request, reply, number, state);
  }

  // Registered before every other hook of the server: a preview's request is answered here, whatever route the
  // editor would have matched, and goes no further.
  app.addHook("onRequest", async (request, reply) => {
    const number = hosts.numberOf(request.headers.host);
    if (number === undefined) return;
    await answer(request, reply, number);
    return reply;
  });
}
