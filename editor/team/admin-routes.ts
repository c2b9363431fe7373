import type { FastifyInstance } from "fastify";
import { teamAccessErrors } from "../../contract/errors.ts";
import { toJsonLines, type AuditLog } from "./audit.ts";
import { requireRole } from "./guard.ts";
import { sendRefusal, TeamRefusal } from "./refusal.ts";
import { PEOPLE_FILE, type People } from "./people.ts";
import type { SessionKeeper } from "./sessions.ts";
import type { AuditQuery } from "./store.ts";

const queryOf = (raw: unknown): AuditQuery => {
  const { person, page, day } = (raw ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return { person: text(person)?.toLowerCase(), page: text(page), day: text(day) };
};

/** An admin's routes: who may sign in and who is signed in, ending a person's sessions, the audit log. */
export function adminRoutes(
  app: FastifyInstance,
  sessions: SessionKeeper,
  audit: AuditLog,
  people: () => People,
): void {
  const admin = { preHandler: requireRole("admin") };

  app.get("/team/people", admin, async (_request, reply) => {
    const { people: addresses, domains } = people();
    reply.header("cache-control", "no-store");
    return { file: PEOPLE_FILE, people: addresses, domains, signedIn: await sessions.live() };
  });

  app.post("/team/people/sessions/end", admin, async (request) => {
    const email = String((request.body as { email?: unknown } | null)?.email ?? "")
      .trim()
      .toLowerCase();
    const count = await sessions.endAllOf(email);
    await audit.append("sessions-ended", { person: request.teamPerson?.email }, { of: email, count });
    return { code: teamAccessErrors.sessionsEnded.code, message: teamAccessErrors.sessionsEnded.message({ count }) };
  });

  const read = (path: string, answer: (entries: Awaited<ReturnType<AuditLog["query"]>>) => unknown, type: string) =>
    app.get(path, admin, async (request, reply) => {
      try {
        const entries = await audit.query(queryOf(request.query));
        return reply.header("cache-control", "no-store").type(type).send(answer(entries));
      } catch (error) {
        if (!(error instanceof TeamRefusal)) throw error;
        return sendRefusal(reply, error);
      }
    });
  read("/team/audit", (entries) => ({ entries }), "application/json; charset=utf-8");
  read("/team/audit/export", toJsonLines, "application/x-ndjson; charset=utf-8");
}
