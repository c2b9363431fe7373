import type { FastifyInstance, RouteOptions } from "fastify";
import { requireRole } from "../team/guard.ts";
import { teamAuthPlugin, type TeamAuthOptions } from "../team/plugin.ts";
import type { Role } from "../team/roles.ts";
import { SIGN_IN_PAGE_PATH } from "../team/sign-in-page.ts";
import { READS, hostGuard } from "./guards.ts";

/** The team editor: sign-in and sessions (editor/team/) in place of one person's run key. */
export type TeamMode = TeamAuthOptions;

/** The least role each of the editor's own routes needs: reading is a viewer's, any write an author's. */
export const roleForRoute = (methods: readonly string[]): Role =>
  methods.every((method) => READS.has(method)) ? "viewer" : "author";

/** The team plugin's own routes under /team/ declare their guards themselves (sign-in is open, people are admins'). */
const TEAM_ROUTES = "/team/";

/**
 * Registers sign-in on the editor's server and guards every route registered after it with the role it needs; the
 * editor's pages send a browser without a session to the sign-in page rather than answering it in JSON.
 */
export async function registerTeamMode(app: FastifyInstance, team: TeamMode): Promise<void> {
  hostGuard(app, () => team.publicUrl.origin);
  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.url.startsWith(TEAM_ROUTES) || route.config?.editorPage) return;
    const guardRole = requireRole(roleForRoute([route.method].flat()));
    route.preHandler = [guardRole, ...[route.preHandler ?? []].flat()];
  });
  await app.register(teamAuthPlugin, team);
}

/** The key the editor's page carries in the team editor: the signed-in person's CSRF token. */
export const teamPageOptions = {
  token: (request: { teamPerson: { csrfToken: string } | null }) => request.teamPerson?.csrfToken,
  signIn: SIGN_IN_PAGE_PATH,
};
