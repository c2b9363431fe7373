import { signInLinks, terminalDelivery } from "../team/email-link.ts";
import { oidcSignIn } from "../team/oidc.ts";
import { createSqliteTeamStore } from "../team/sqlite-store.ts";
import { buildEditor } from "./app.ts";
import type { DeclaredRoute } from "./route-needs.ts";

export interface RouteTables {
  /** Every route of the team editor (`npm run edit:team`), as it declares itself. */
  team: readonly DeclaredRoute[];
  /** The routes `npm run edit` answers too, by `METHOD /address`. */
  single: ReadonlySet<string>;
}

export const routeName = ({ method, url }: Pick<DeclaredRoute, "method" | "url">) => `${method} ${url}`;

/**
 * Both editors' routes as they declare themselves, from servers built on `projectDir` and closed again without
 * listening: the team editor with both ways of signing in, so that each of its routes is registered.
 */
export async function routeTables(projectDir: string): Promise<RouteTables> {
  const single = await buildEditor({ projectDir, env: {} });
  await single.app.ready();
  await single.app.close();
  const store = createSqliteTeamStore(":memory:");
  const publicUrl = new URL("http://localhost:4400");
  try {
    const team = await buildEditor({
      projectDir,
      env: {},
      team: {
        publicUrl,
        secureCookies: false,
        store,
        people: () => ({ people: {}, domains: {} }),
        // Neither is asked anything: the server is built to read its routes, and closed.
        oidc: oidcSignIn(
          { issuer: new URL("https://issuer.invalid"), clientId: "routes", clientSecret: "routes", publicUrl },
          store,
          Date.now,
        ),
        links: signInLinks(publicUrl, terminalDelivery(), store, Date.now),
        workspaces: { folderOf: async () => projectDir, keep: async () => undefined },
      },
    });
    await team.app.ready();
    await team.app.close();
    return { team: team.routes, single: new Set(single.routes.map(routeName)) };
  } finally {
    await store.close();
  }
}
