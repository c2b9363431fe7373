import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { teamPreviewErrors } from "../../../contract/errors.ts";
import { refused } from "../../server/refusals.ts";
import { type InputTypes, NOTHING, REQUEST_NUMBER, fields, text } from "../../server/route-schema.ts";
import type { PreviewShareInfo, PreviewShareMade, PreviewStatus } from "../../protocol.ts";
import type { AuditLog } from "../audit.ts";
import type { PreviewBuilds } from "./builds.ts";
import { ENTER_PATH, SHARE_PATH } from "./preview-pages.ts";
import type { PreviewHosts } from "./preview-hosts.ts";
import { MAX_SHARE_DAYS, type PreviewPasses, shareIsLive } from "./preview-passes.ts";
import type { PreviewShare, PreviewStore } from "./preview-store.ts";

export interface PreviewRoutesOptions {
  hosts: PreviewHosts;
  passes: PreviewPasses;
  store: PreviewStore;
  audit: AuditLog;
  now: () => number;
  /** The previews' builds; without them previews are off (EDIT_TEAM_PREVIEWS=off): none is opened or shared. */
  builds?: Pick<PreviewBuilds, "stateOf" | "refresh">;
}

/** A share link as the publisher's list shows it: never its token, which only the link made holds. */
export type ShareAnswer = PreviewShareInfo;

/** A request's number as an address or a query writes it. */
const NUMBER_TEXT = /^[1-9][0-9]{0,9}$/;
const shareBody = fields(
  {
    number: REQUEST_NUMBER,
    days: {
      type: "integer",
      minimum: 1,
      maximum: MAX_SHARE_DAYS,
      description: "How many days the link opens the preview, 1 to 7",
      refusal: teamPreviewErrors.shareDays.code,
    },
  },
  ["number", "days"],
);
const sharesQuery = fields(
  {
    number: text(10, "The review request's number on the forge", { pattern: NUMBER_TEXT.source, examples: ["12"] }),
  },
  ["number"],
);
const statusQuery = sharesQuery;
const revokeBody = fields(
  {
    id: text(64, "The share link's id, from the request's list", { pattern: "^[A-Za-z0-9_-]+$", examples: ["k3J9x"] }),
  },
  ["id"],
);

/** Any signed-in person opens a preview; an unsigned browser is sent to sign in first, as on the editor's pages. */
const ENTRY = { config: { role: "viewer", editorPage: true }, schema: { querystring: NOTHING } } as const;
const PUBLISHER = { role: "publisher" } as const;

const numberOf = (request: FastifyRequest) => {
  const raw = (request.params as { number?: string }).number ?? "";
  if (!NUMBER_TEXT.test(raw) || Number(raw) > 2 ** 31) throw refused(teamPreviewErrors.notARequest);
  return Number(raw);
};

/**
 * The editor's side of the previews: the way in for a signed-in person, which sends the browser to the request's own
 * preview origin with an entry token (used once, within a minute) that the preview exchanges for a cookie of its
 * own; and a publisher's share links of a request's preview, made for up to seven days, listed and revoked, each
 * audited.
 */
export const previewRoutes =
  (options: PreviewRoutesOptions): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    const { hosts, passes, store, audit, now } = options;

    const enter = async (request: FastifyRequest, path: string) => {
      const number = numberOf(request);
      if (!options.builds) throw refused(teamPreviewErrors.off);
      const token = await passes.entryToken(number, request.teamPerson!.email);
      const query = new URLSearchParams({ token, path });
      return `${hosts.originOf(number)}${ENTER_PATH}?${query}`;
    };
    // The entry token rides in the address once, from here to the preview, which answers it with a redirect: no
    // page holding it is ever shown, and no Referer carries it on.
    app.get("/preview/:number", ENTRY, async (request, reply) =>
      reply.header("referrer-policy", "no-referrer").redirect(await enter(request, "/"), 303),
    );
    app.get("/preview/:number/*", ENTRY, async (request, reply) => {
      const page = (request.params as { "*"?: string })["*"] ?? "";
      return reply.header("referrer-policy", "no-referrer").redirect(await enter(request, `/${page}`), 303);
    });

    // Asking where a preview stands also asks for it to be built at the branch's tip, if it is not: a request published
    // to from elsewhere is built when someone looks, not only at the next periodic look.
    app.get(
      "/api/previews/status",
      { config: { role: "viewer" }, schema: { querystring: statusQuery } },
      async (request): Promise<PreviewStatus> => {
        const number = Number(request.query.number);
        if (!options.builds) return { number, origin: hosts.originOf(number), state: "off" };
        // Where it stands is answered even when the branch could not be looked at (the forge unreachable, no token).
        await options.builds.refresh(number).catch((error: unknown) => {
          request.log.warn({ request: number, error: String(error) }, "preview not refreshed");
        });
        const state = options.builds.stateOf(number);
        const base = { number, origin: hosts.originOf(number), state: state.state };
        if (state.state === "absent") return base;
        if (state.state === "ready")
          return { ...base, tip: state.tip, builtAt: state.builtAt, ...(state.summary && { summary: state.summary }) };
        const serving = state.previous ? { builtAt: state.previous.builtAt } : {};
        return {
          ...base,
          tip: state.tip,
          ...serving,
          ...(state.state === "failed" && { message: state.message }),
        };
      },
    );

    const answerOf = (share: PreviewShare): ShareAnswer => ({
      ...share,
      state: share.revokedAt !== undefined ? "revoked" : shareIsLive(share, now()) ? "active" : "expired",
    });

    app.post(
      "/api/previews/shares",
      { config: PUBLISHER, schema: { body: shareBody, querystring: NOTHING } },
      async (request): Promise<PreviewShareMade> => {
        const { number, days } = request.body;
        if (!options.builds) throw refused(teamPreviewErrors.off);
        const person = request.teamPerson!.email;
        const { share, token } = await passes.share(number, person, days);
        await audit.append("preview-share", { person }, { request: number, share: share.id, days });
        return { id: share.id, url: `${hosts.originOf(number)}${SHARE_PATH}${token}`, expiresAt: share.expiresAt };
      },
    );
    app.get("/api/previews/shares", { config: PUBLISHER, schema: { querystring: sharesQuery } }, async (request) => ({
      shares: (await store.previewShares(Number(request.query.number))).map(answerOf),
    }));
    app.post(
      "/api/previews/shares/revoke",
      { config: PUBLISHER, schema: { body: revokeBody, querystring: NOTHING } },
      async (request) => {
        const person = request.teamPerson!.email;
        const share = await store.revokePreviewShare(request.body.id, person, now());
        if (!share) throw refused(teamPreviewErrors.shareNotFound);
        await audit.append("preview-share-revoke", { person }, { request: share.number, share: share.id });
        return answerOf(share);
      },
    );
  };
