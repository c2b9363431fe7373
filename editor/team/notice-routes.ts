import type { FastifyInstance, FastifyRequest } from "fastify";
import { NOTICES_PATH, type NoticesAnswer } from "../protocol.ts";
import { teamNoticeErrors } from "../../contract/errors.ts";
import { type InputTypes, NOTHING, fields } from "../server/route-schema.ts";
import type { NoticePreferences, TeamStore } from "./store.ts";

const INVALID = teamNoticeErrors.invalid.code;
/** At least one choice, each true or false; nothing else. */
const choiceBody = fields(
  {
    reviewRequested: {
      type: "boolean",
      description: "Whether to be told of each review asked of publishers",
      refusal: INVALID,
    },
    ownRequests: {
      type: "boolean",
      description: "Whether to be told when one's own request is merged or sent back",
      refusal: INVALID,
    },
  },
  [],
  { minProperties: 1, refusal: INVALID },
);
const SIGNED_IN = { config: { role: "viewer" }, schema: { querystring: NOTHING } } as const;

/**
 * Each person's own choice of e-mail notices: read it, change it. Any signed-in person may, for themselves only; the
 * change is a write like any other (origin and CSRF token checked by the session guard).
 */
export function noticeRoutes(fastify: FastifyInstance, store: TeamStore, sending: boolean, now: () => number): void {
  const app = fastify.withTypeProvider<InputTypes>();
  const emailOf = (request: FastifyRequest) => request.teamPerson?.email ?? "";
  const answer = (preferences: NoticePreferences): NoticesAnswer => ({ ...preferences, sending });

  app.get(NOTICES_PATH, SIGNED_IN, async (request) => answer(await store.noticePreferences(emailOf(request))));

  app.post(NOTICES_PATH, { ...SIGNED_IN, schema: { body: choiceBody, querystring: NOTHING } }, async (request) => {
    const { body } = request;
    const email = emailOf(request);
    const before = await store.noticePreferences(email);
    const after: NoticePreferences = {
      reviewRequested: body.reviewRequested ?? before.reviewRequested,
      ownRequests: body.ownRequests ?? before.ownRequests,
    };
    await store.setNoticePreferences(email, after, now());
    return answer(after);
  });
}
