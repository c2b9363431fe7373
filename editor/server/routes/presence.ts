import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { PRESENCE_PATH, type PageLockEvent, type PresenceAnswer } from "../../protocol.ts";
import type { PresenceRegistry } from "../../team/presence-registry.ts";
import type { ProjectOf } from "../project.ts";
import { FILE, type InputTypes, fields } from "../route-schema.ts";

/** A comment line every so often keeps a quiet stream open through proxies, and finds a tab that went away. */
const KEEP_ALIVE_MS = 15_000;
/** How soon a tab's EventSource tries again after the stream ended (an instance restarting). */
const RETRY_MS = 2000;

const streamQuery = fields(
  { file: { ...FILE, description: "The page the tab has open; none from the page list" } },
  [],
);
/** The tab keeps the stream open by itself (and opens it again after a restart): no person's activity. */
const stream = { config: { role: "viewer", background: true }, schema: { querystring: streamQuery } } as const;

/**
 * Who else has which page open, as server-sent events (GET /api/presence?file=…): the tab that opens the stream has
 * that page open (none from the page list) until the stream closes. It gets `presence` (every page others have open)
 * at once and on every change, and `lock` when any page's editing lock changes.
 */
export const presenceRoutes =
  (registry: PresenceRegistry, projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    const open = new Set<() => void>();
    app.addHook("preClose", async () => open.forEach((end) => end()));

    const pageOf = (request: FastifyRequest, file: string | undefined) => {
      if (!file) return undefined;
      const project = projectOf(request);
      return project.rel(project.documentFile(file));
    };

    app.get(PRESENCE_PATH, stream, async (request, reply) => {
      const person = request.teamPerson!;
      const page = pageOf(request, request.query.file);
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
        connection: "keep-alive",
      });
      const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const sendPresence = () => send("presence", { pages: registry.pagesFor(person.email) } satisfies PresenceAnswer);
      out.write(`retry: ${RETRY_MS}\n\n`);
      const stopChanges = registry.onChange(sendPresence);
      const stopLocks = registry.onLock((event: PageLockEvent) => send("lock", event));
      const leave = page ? registry.join({ email: person.email, name: person.name }, page) : () => undefined;
      sendPresence();
      const keepAlive = setInterval(() => out.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(keepAlive);
        stopChanges();
        stopLocks();
        leave();
        out.end();
      };
      open.add(end);
      request.raw.on("close", end);
      out.on("close", end);
    });
  };
