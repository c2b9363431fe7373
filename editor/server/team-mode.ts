import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { auditLog } from "../team/audit.ts";
import { requireRole } from "../team/guard.ts";
import { teamAuthPlugin, type TeamAuthOptions } from "../team/plugin.ts";
import type { Role } from "../team/roles.ts";
import { EDITOR_CSP } from "../team/pages.ts";
import { SIGN_IN_PAGE_PATH } from "../team/sign-in-page.ts";
import type { Workspaces } from "../team/workspaces.ts";
import { noticeRoutes } from "../team/notice-routes.ts";
import type { TeamNotices } from "../team/notices.ts";
import type { Identity } from "../git/identity.ts";
import { READS, hostGuard } from "./guards.ts";
import { type Project, openProject } from "./project.ts";
import { refused } from "./refusals.ts";
import { queryParam } from "./input.ts";
import { describeChanges } from "../../toolchain/changes-in-words.ts";
import { Repository } from "../git/repository.ts";
import { nameFromAddress } from "../team/sessions.ts";
import type { OthersDraftsAnswer } from "../../contract/editor-protocol.ts";
import { editorErrors } from "../../contract/errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person's own copy of the site, which the request works on (the team editor only). */
    workspace: Project | null;
  }
}

/** The team editor: sign-in and sessions (editor/team/), and each person's own copy, in place of one run key. */
export type TeamMode = TeamAuthOptions & {
  workspaces: Workspaces;
  /** Whether a publisher may merge a request they asked for themselves (EDIT_TEAM_MERGE_OWN=1); off by default. */
  mergeOwn?: boolean;
  /** E-mail notices of reviews requested, merged and sent back; none without an SMTP server. */
  notices?: TeamNotices;
};

/** The routes of a publisher's review: the team's open requests, merging one, sending one back. */
const PUBLISHER_ROUTES = "/api/requests";

/**
 * The least role each of the editor's own routes needs: reviewing the team's requests is a publisher's, any other
 * write an author's, reading a viewer's.
 */
export const roleForRoute = (methods: readonly string[], url: string): Role =>
  url.startsWith(PUBLISHER_ROUTES) ? "publisher" : methods.every((method) => READS.has(method)) ? "viewer" : "author";

/** The team plugin's own routes under /team/ declare their guards themselves (sign-in is open, people are admins'). */
const TEAM_ROUTES = "/team/";

/** What the audit log records of a person's write, by route: its action and the file it names. */
const AUDITED: Record<string, "save" | "publish" | "discard" | "merge"> = {
  "/api/save": "save",
  "/api/publish": "publish",
  "/api/changes/discard": "discard",
  "/api/requests/merge": "merge",
};

/**
 * Registers sign-in on the editor's server and guards every route registered after it: the role it needs, then the
 * person's own copy, which the route works on. After a person's write, what their copy holds unpublished is kept as
 * their drafts before the answer leaves. The editor's pages send a browser without a session to the sign-in page.
 */
export async function registerTeamMode(app: FastifyInstance, team: TeamMode): Promise<void> {
  hostGuard(app, () => team.publicUrl.origin);
  const projects = new Map<string, Promise<Project>>();
  const audit = auditLog(team.store, team.now ?? Date.now);
  app.decorateRequest("workspace", null);

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

  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.url.startsWith(TEAM_ROUTES) || route.config?.editorPage) return;
    const guardRole = requireRole(roleForRoute([route.method].flat(), route.url));
    route.preHandler = [guardRole, resolveWorkspace, ...[route.preHandler ?? []].flat()];
  });

  app.addHook("onSend", async (request, reply) => {
    const person = request.teamPerson;
    if (!person || !request.workspace || READS.has(request.method) || reply.statusCode >= 400) return;
    await team.workspaces.keep(person);
    const action = AUDITED[request.routeOptions.url ?? ""];
    if (!action) return;
    const body = (request.body ?? {}) as { file?: unknown; number?: unknown };
    const page = typeof body.file === "string" ? body.file : undefined;
    const detail: Record<string, number> = typeof body.number === "number" ? { request: body.number } : {};
    await audit.append(action, { person: person.email, ...(page && { page }) }, detail);
  });

  await app.register(teamAuthPlugin, team);
  noticeRoutes(app, team.store, team.notices !== undefined, team.now ?? Date.now);
  // The notices under way are sent (or have failed) before the server is closed.
  app.addHook("onClose", async () => team.notices?.close());

  // Other people's unpublished drafts of a page: who, when, and which fields, in the Changes view's words.
  app.get("/api/others-drafts", async (request): Promise<OthersDraftsAnswer> => {
    const project = workspaceOf(request);
    const file = project.rel(project.documentFile(queryParam(request, "file")));
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

/** The key the editor's page carries in the team editor: the signed-in person's CSRF token. */
export const teamPageOptions = {
  token: (request: FastifyRequest) => request.teamPerson?.csrfToken,
  signIn: SIGN_IN_PAGE_PATH,
  csp: EDITOR_CSP,
};
