import type { FastifyInstance, FastifyRequest } from "fastify";
import { auditLog } from "../team/audit.ts";
import { teamAuthPlugin, type TeamAuthOptions } from "../team/plugin.ts";
import { EDITOR_CSP } from "../team/pages.ts";
import type { Workspaces } from "../team/workspaces.ts";
import type { Scheduler } from "../team/scheduler.ts";
import type { AuditEntry } from "../team/store.ts";
import { noticeRoutes } from "../team/notice-routes.ts";
import type { TeamNotices } from "../team/notices.ts";
import type { Identity } from "../git/identity.ts";
import { READS, hostGuard } from "./guards.ts";
import { type Project, openProject } from "./project.ts";
import { refused } from "./refusals.ts";
import { describeChanges } from "../../toolchain/changes-in-words.ts";
import { Repository } from "../git/repository.ts";
import { nameFromAddress } from "../team/sessions.ts";
import type { OthersDraftsAnswer } from "../protocol.ts";
import { editorErrors } from "../../contract/errors.ts";
import { inProcessBus, type PresenceBus } from "../team/presence-bus.ts";
import { presenceRegistry } from "../team/presence-registry.ts";
import { FILE, type InputTypes, fields } from "./route-schema.ts";
import { lockRoutes, pageLockGuard } from "./routes/locks.ts";
import type { PreviewBuilds } from "../team/previews/builds.ts";
import { previewBaseOf, previewHostsOf } from "../team/previews/preview-hosts.ts";
import { previewPasses } from "../team/previews/preview-passes.ts";
import { previewRoutes } from "../team/previews/preview-routes.ts";
import { previewServing } from "../team/previews/preview-serving.ts";
import { presenceRoutes } from "./routes/presence.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person's own copy of the site, which the request works on (the team editor only). */
    workspace: Project | null;
    /** What a route adds to its audit entry (the schedule it changed), set by its handler. */
    auditDetail: AuditEntry["detail"] | null;
  }
}

/** The team editor: sign-in and sessions (editor/team/), and each person's own copy, in place of one run key. */
export type TeamMode = TeamAuthOptions & {
  workspaces: Workspaces;
  /** Whether a publisher may merge a request they asked for themselves (EDIT_TEAM_MERGE_OWN=1); off by default. */
  mergeOwn?: boolean;
  /** E-mail notices of reviews requested, merged and sent back; none without an SMTP server. */
  notices?: TeamNotices;
  /** This instance's scheduler, told to look again when a schedule is added or changed here. */
  scheduler?: Pick<Scheduler, "wake">;
  /** How presence and lock changes reach the other instances (PostgreSQL's); this process alone otherwise. */
  presenceBus?: PresenceBus;
  /** The name each request's preview is served under (EDIT_TEAM_PREVIEW_URL); preview.<the editor's name> otherwise. */
  previewUrl?: URL;
  /** The review requests' preview builds; without them every request's preview is absent. */
  previewBuilds?: Pick<PreviewBuilds, "stateOf" | "refresh">;
  /** Told of a request published to here, whose preview is then built at its new tip. */
  previewPublished?: (number: number) => void;
  /** A request's title, for its preview's banner. */
  requestTitle?: (number: number) => Promise<string | undefined>;
};

const draftsQuery = fields({ file: { ...FILE, description: "The page's file" } }, ["file"]);

/**
 * Registers sign-in on the editor's server: the team's own routes under /team/, and the session's hook, which checks
 * every request against what its route declares (editor/team/guard.ts). Answers what the team editor adds to the
 * editor's own routes, for the caller to add to their context: each request works on the person's own copy; a
 * route that declares `lock` is refused while someone else holds the page; after a route that declares `drafts`, what
 * the copy holds unpublished is kept as the person's drafts, and one that declares `audit` is logged, before the answer
 * leaves; and the team's routes of the editor (presence, editing locks, others' drafts).
 */
export async function registerTeamMode(
  app: FastifyInstance,
  team: TeamMode,
): Promise<(editor: FastifyInstance) => Promise<void>> {
  const now = team.now ?? Date.now;
  // Before every other hook: a request to a preview's origin is answered there and reaches nothing of the editor.
  const previewHosts = previewHostsOf(team.previewUrl ?? previewBaseOf(team.publicUrl, undefined));
  const passes = previewPasses(team.store, now);
  previewServing(app, {
    hosts: previewHosts,
    builds: team.previewBuilds,
    passes,
    publicUrl: team.publicUrl,
    titleOf: team.requestTitle,
    goesLiveOf: async (number) => {
      const schedule = await team.store.unfinishedScheduleOf(number, "publish");
      return schedule?.state === "waiting" ? schedule : undefined;
    },
    now,
  });
  hostGuard(app, () => team.publicUrl.origin);
  const projects = new Map<string, Promise<Project>>();
  const audit = auditLog(team.store, now);
  const presence = presenceRegistry(team.presenceBus ?? inProcessBus(), now);
  app.addHook("onClose", async () => presence.close());
  app.decorateRequest("workspace", null);
  app.decorateRequest("auditDetail", null);

  await app.register(teamAuthPlugin, team);
  noticeRoutes(app, team.store, team.notices !== undefined, now);
  // The notices under way are sent (or have failed) before the server is closed.
  app.addHook("onClose", async () => team.notices?.close());

  const resolveWorkspace = async (request: FastifyRequest) => {
    const person = request.teamPerson;
    if (!person) return;
    const folder = await team.workspaces.folderOf(person);
    let project = projects.get(folder);
    if (!project) {
      project = openProject(folder);
      projects.set(folder, project);
      project.catch(() => projects.delete(folder));
    }
    request.workspace = await project;
  };
  const lockGuard = pageLockGuard({ store: team.store, projectOf: workspaceOf, now });

  return async (fastify: FastifyInstance) => {
    fastify.addHook("preHandler", async (request) => {
      await resolveWorkspace(request);
      if (request.routeOptions.config.lock) await lockGuard(request);
    });

    fastify.addHook("onSend", async (request, reply) => {
      const person = request.teamPerson;
      if (!person || !request.workspace || READS.has(request.method) || reply.statusCode >= 400) return;
      const { drafts, audit: action } = request.routeOptions.config;
      if (drafts) await team.workspaces.keep(person);
      if (!action) return;
      const body = (request.body ?? {}) as { file?: unknown; number?: unknown };
      const page = typeof body.file === "string" ? body.file : undefined;
      const detail = { ...(typeof body.number === "number" && { request: body.number }), ...request.auditDetail };
      await audit.append(action, { person: person.email, ...(page && { page }) }, detail);
    });

    const app = fastify.withTypeProvider<InputTypes>();
    // Other people's unpublished drafts of a page: who, when, and which fields, in the Changes view's words.
    const drafts = { config: { role: "viewer" }, schema: { querystring: draftsQuery } } as const;
    app.get("/api/others-drafts", drafts, async (request): Promise<OthersDraftsAnswer> => {
      const project = workspaceOf(request);
      const file = project.rel(project.documentFile(request.query.file));
      const me = request.teamPerson?.email;
      const named = new Map((await team.store.listSessions()).map((session) => [session.email, session.name]));
      const published = await publishedText(project.projectDir, file);
      const drafts = (await team.store.draftsOfFile(file)).filter((draft) => draft.person !== me);
      return {
        file,
        drafts: drafts.map((draft) => ({
          email: draft.person,
          name: named.get(draft.person) || nameFromAddress(draft.person),
          at: draft.updatedAt,
          kind: draft.content === null ? "deleted" : published === undefined ? "added" : "changed",
          fields:
            draft.content === null ? [] : describeChanges(published, draft.content.toString("utf8"), project.blocks),
        })),
      };
    });
    await app.register(presenceRoutes(presence, workspaceOf));
    await app.register(
      previewRoutes({ hosts: previewHosts, passes, store: team.store, audit, now, builds: team.previewBuilds }),
    );
    await app.register(lockRoutes({ store: team.store, registry: presence, projectOf: workspaceOf, now }));
  };
}

/** A file as the person's copy has it committed (the site as they last got it), or undefined when it has none. */
async function publishedText(folder: string, file: string): Promise<string | undefined> {
  const repo = await Repository.find(folder);
  const text = await repo?.probe(["show", `HEAD:${file}`]);
  return text === undefined ? undefined : `${text}\n`;
}

/** The project a request works on in the team editor: the signed-in person's own copy. */
export const workspaceOf = (request: FastifyRequest): Project => {
  if (!request.workspace) throw refused(editorErrors.failed);
  return request.workspace;
};

/** Who a publication is authored by in the team editor: the signed-in person. */
export const authorOf = (request: FastifyRequest): Identity | undefined =>
  request.teamPerson ? { name: request.teamPerson.name, email: request.teamPerson.email } : undefined;

/**
 * The key the editor's page carries in the team editor: the signed-in person's CSRF token (the session's hook sends a
 * browser without one to sign in before the page is read).
 */
export const teamPageOptions = {
  token: (request: FastifyRequest) => request.teamPerson?.csrfToken ?? "",
  csp: EDITOR_CSP,
};
