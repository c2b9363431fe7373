import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { PageLockAnswer } from "../../protocol.ts";
import { CatalogueError, messageOf, teamLockLines } from "../../../contract/errors.ts";
import { claimOf, liveLock, lockAgainst } from "../../team/lock-rules.ts";
import type { PresenceRegistry } from "../../team/presence-registry.ts";
import type { PageLock, TeamStore } from "../../team/store.ts";
import type { ProjectOf } from "../project.ts";
import { FILE, type InputTypes, NOTHING, fields } from "../route-schema.ts";

export interface LockDeps {
  store: TeamStore;
  registry: PresenceRegistry;
  projectOf: ProjectOf;
  now: () => number;
}

/** Where a page's editing lock is read (GET ?file=), held or renewed (POST), taken over and let go. */
const LOCK_PATH = "/api/lock";

const pageFile = fields({ file: { ...FILE, description: "The page's file" } }, ["file"]);
/** The tab reads the lock by itself, as often as its heartbeat, while someone else holds the page. */
const read = { config: { role: "viewer", background: true }, schema: { querystring: pageFile } } as const;
/** The first edit holds the page; then the tab's heartbeat renews it, and leaving the page lets it go. */
const beat = {
  config: { role: "author", background: true },
  schema: { body: pageFile, querystring: NOTHING },
} as const;
const takeOver = {
  config: { role: "author", audit: "take-over" },
  schema: { body: pageFile, querystring: NOTHING },
} as const;

const answerOf = (file: string, lock: PageLock | undefined, email: string): PageLockAnswer => ({
  file,
  holder: lock ? { email: lock.holder, name: lock.name } : null,
  mine: lock?.holder === email,
});

/** Someone else holds the page: refused in the catalogue's words, with who holds it for the tab to show. */
const lockedBy = (lock: PageLock, email: string) =>
  new CatalogueError(teamLockLines.lockedByOther, messageOf(teamLockLines.lockedByOther, { name: lock.name }), {
    lock: answerOf(lock.file, lock, email),
  });

/**
 * A page's editing lock (docs/team-editor.md, "Editing locks"): the first person to change a page holds it while
 * their editor sends a heartbeat; others read it, or take it over, which its holder is told of at once.
 */
export const lockRoutes =
  ({ store, registry, projectOf, now }: LockDeps): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    const pageOf = (request: FastifyRequest, name: string) => {
      const project = projectOf(request);
      return project.rel(project.documentFile(name));
    };

    app.get(LOCK_PATH, read, async (request): Promise<PageLockAnswer> => {
      const file = pageOf(request, request.query.file);
      return answerOf(file, liveLock(await store.findLock(file), now()), request.teamPerson!.email);
    });

    app.post(LOCK_PATH, beat, async (request): Promise<PageLockAnswer> => {
      const person = request.teamPerson!;
      const file = pageOf(request, request.body.file);
      const before = liveLock(await store.findLock(file), now());
      const lock = await store.holdLock(claimOf(file, person, now()));
      if (lock.holder !== person.email) throw lockedBy(lock, person.email);
      if (before?.holder !== person.email)
        registry.lockChanged({ file, holder: { email: lock.holder, name: lock.name } });
      return answerOf(file, lock, person.email);
    });

    app.post(`${LOCK_PATH}/take-over`, takeOver, async (request): Promise<PageLockAnswer> => {
      const person = request.teamPerson!;
      const file = pageOf(request, request.body.file);
      const lock = await store.takeOverLock(claimOf(file, person, now()));
      const takenFrom = lock.takenAt === lock.heartbeatAt ? lock.takenFrom : undefined;
      registry.lockChanged({ file, holder: { email: lock.holder, name: lock.name }, ...(takenFrom && { takenFrom }) });
      return answerOf(file, lock, person.email);
    });

    app.post(`${LOCK_PATH}/release`, beat, async (request): Promise<PageLockAnswer> => {
      const person = request.teamPerson!;
      const file = pageOf(request, request.body.file);
      const held = liveLock(await store.findLock(file), now())?.holder === person.email;
      await store.releaseLock(file, person.email);
      if (held) registry.lockChanged({ file, holder: null });
      return answerOf(file, undefined, person.email);
    });
  };

/**
 * Refuses a write to a page someone else holds (a route declaring `lock`), whatever the tab sends; the route's own
 * checks come after.
 */
export const pageLockGuard =
  ({ store, projectOf, now }: Omit<LockDeps, "registry">) =>
  async (request: FastifyRequest) => {
    const { file } = (request.body ?? {}) as { file?: unknown };
    const person = request.teamPerson;
    if (typeof file !== "string" || !person) return;
    const project = projectOf(request);
    const page = project.rel(project.documentFile(file));
    const lock = lockAgainst(await store.findLock(page), person.email, now());
    if (lock) throw lockedBy(lock, person.email);
  };
