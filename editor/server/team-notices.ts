import type { FastifyRequest } from "fastify";
import { noticePage, type NoticePerson, type TeamNotices } from "../team/notices.ts";
import type { PublishingOptions } from "./routes/publishing.ts";
import type { RequestsOptions } from "./routes/requests.ts";

const personOf = (request: FastifyRequest): NoticePerson | undefined =>
  request.teamPerson ? { name: request.teamPerson.name, email: request.teamPerson.email } : undefined;

/**
 * What the publishing and review routes tell the team editor's notices: a review requested by the signed-in person,
 * or their merge or send-back of someone's request. A notice failing is the notices' to log, never the route's.
 */
export function noticeHooks(
  notices: TeamNotices,
): Required<Pick<PublishingOptions, "onRequested">> & Required<Pick<RequestsOptions, "onAnswered">> {
  return {
    onRequested: (request, { request: opened, title, files }) => {
      const by = personOf(request);
      if (!by) return;
      const pages = files.map(({ file, text }) => noticePage(file, text));
      notices.reviewRequested({ by, request: { number: opened.number, url: opened.url, title }, pages }, request.log);
    },
    onAnswered: (request, answered) => {
      const by = personOf(request);
      const author = answered.request.askedBy;
      if (!by || !author) return;
      const { number, url, title } = answered.request;
      const pages = answered.files.map(({ file, text }) => noticePage(file, text));
      const common = { author, by, request: { number, url, title }, pages };
      notices.answered(
        answered.kind === "merged"
          ? { kind: "merged", ...common }
          : { kind: "sent-back", comment: answered.comment, ...common },
        request.log,
      );
    },
  };
}
