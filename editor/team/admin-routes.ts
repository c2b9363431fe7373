import type { FastifyInstance } from "fastify";
import { teamAccessErrors } from "../../contract/errors.ts";
import { type InputTypes, NOTHING, fields, text } from "../server/route-schema.ts";
import { toJsonLines, type AuditLog } from "./audit.ts";
import { PEOPLE_FILE, type People } from "./people.ts";
import type { SessionKeeper } from "./sessions.ts";

const ADMIN = { config: { role: "admin" }, schema: { querystring: NOTHING } } as const;

const EMAIL = text(320, "A person's address");
const endBody = fields({ email: { ...EMAIL, description: "The person whose sessions end" } }, ["email"]);
const auditQuery = fields(
  {
    person: { ...EMAIL, description: "Only this person's entries" },
    page: text(500, "Only the entries of this file (`site-config/pages/…`)"),
    day: text(10, "Only this UTC day's entries: YYYY-MM-DD", {
      pattern: "^(\\d{4}-\\d{2}-\\d{2})?$",
      examples: ["2026-11-28"],
      refusal: teamAccessErrors.auditQueryInvalid.code,
    }),
  },
  [],
);

/** A filter of the query, when it is given and not empty. */
const given = (value: string | undefined) => (value === "" ? undefined : value);

/** An admin's routes: who may sign in and who is signed in, ending a person's sessions, the audit log. */
export function adminRoutes(
  fastify: FastifyInstance,
  sessions: SessionKeeper,
  audit: AuditLog,
  people: () => People,
): void {
  const app = fastify.withTypeProvider<InputTypes>();

  app.get("/team/people", ADMIN, async (_request, reply) => {
    const { people: addresses, domains } = people();
    reply.header("cache-control", "no-store");
    return { file: PEOPLE_FILE, people: addresses, domains, signedIn: await sessions.live() };
  });

  const end = { ...ADMIN, schema: { body: endBody, querystring: NOTHING } } as const;
  app.post("/team/people/sessions/end", end, async (request) => {
    const email = request.body.email.trim().toLowerCase();
    const count = await sessions.endAllOf(email);
    await audit.append("sessions-ended", { person: request.teamPerson?.email }, { of: email, count });
    return { code: teamAccessErrors.sessionsEnded.code, message: teamAccessErrors.sessionsEnded.message({ count }) };
  });

  const read = { ...ADMIN, schema: { querystring: auditQuery } } as const;
  const entries = ({ person, page, day }: { person?: string; page?: string; day?: string }) =>
    audit.query({ person: given(person)?.toLowerCase(), page: given(page), day: given(day) });
  app.get("/team/audit", read, async (request, reply) =>
    reply
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send({ entries: await entries(request.query) }),
  );
  app.get("/team/audit/export", read, async (request, reply) =>
    reply
      .header("cache-control", "no-store")
      .type("application/x-ndjson; charset=utf-8")
      .send(toJsonLines(await entries(request.query))),
  );
}
