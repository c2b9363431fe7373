import type { FastifyInstance, FastifyRequest } from "fastify";
import { NOTICES_PATH, type NoticesAnswer } from "../../contract/editor-protocol.ts";
import { teamNoticeErrors } from "../../contract/errors.ts";
import { requireRole } from "./guard.ts";
import { refusal, sendRefusal } from "./refusal.ts";
import type { NoticePreferences, TeamStore } from "./store.ts";

/**
 * Each person's own choice of e-mail notices: read it, change it. Any signed-in person may, for themselves only; the
 * change is a write like any other (origin and CSRF token checked by the session guard).
 */
export function noticeRoutes(app: FastifyInstance, store: TeamStore, sending: boolean, now: () => number): void {
  const signedIn = { preHandler: requireRole("viewer") };
  const emailOf = (request: FastifyRequest) => request.teamPerson?.email ?? "";
  const answer = (preferences: NoticePreferences): NoticesAnswer => ({ ...preferences, sending });

  app.get(NOTICES_PATH, signedIn, async (request) => answer(await store.noticePreferences(emailOf(request))));

  app.post(NOTICES_PATH, signedIn, async (request, reply) => {
    const body = (request.body ?? {}) as Partial<Record<keyof NoticePreferences, unknown>>;
    const given = [body.reviewRequested, body.ownRequests];
    if (given.some((value) => value !== undefined && typeof value !== "boolean") || given.every((v) => v === undefined))
      return sendRefusal(reply, refusal(teamNoticeErrors.invalid));
    const email = emailOf(request);
    const before = await store.noticePreferences(email);
    const after: NoticePreferences = {
      reviewRequested: typeof body.reviewRequested === "boolean" ? body.reviewRequested : before.reviewRequested,
      ownRequests: typeof body.ownRequests === "boolean" ? body.ownRequests : before.ownRequests,
    };
    await store.setNoticePreferences(email, after, now());
    return answer(after);
  });
}
