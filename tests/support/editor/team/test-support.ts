import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { buildEditor, editorInstance } from "../../../../editor/server/app.ts";
import { NOTHING } from "../../../../editor/server/route-schema.ts";
import type { TeamMode } from "../../../../editor/server/team-mode.ts";
import type { People } from "../../../../editor/team/people.ts";
import { teamAuthPlugin, teamLogSerializers, type TeamAuthOptions } from "../../../../editor/team/plugin.ts";
import { createSqliteTeamStore } from "../../../../editor/team/sqlite-store.ts";
import type { TeamStore } from "../../../../editor/team/store.ts";

export const PUBLIC_URL = new URL("http://127.0.0.1:5175");
export const ORIGIN = PUBLIC_URL.origin;

export const PEOPLE: People = {
  people: { "ada@example.com": "admin", "pat@example.com": "publisher", "vic@example.org": "viewer" },
  domains: { "example.com": "author" },
};

/** A settable clock: tests move it instead of waiting. */
export function testClock(start = Date.parse("2026-11-28T09:00:00Z")) {
  let at = start;
  return { now: () => at, advance: (ms: number) => void (at += ms) };
}

/** A SQLite store in a fresh folder. */
export function tempStore(): { store: TeamStore; databaseFile: string } {
  const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), "team-")), "team.sqlite");
  return { store: createSqliteTeamStore(databaseFile), databaseFile };
}

/** A server as the editor's will be: the plugin, a viewer route and an author write, every log line kept. */
export async function teamServer(
  options: Partial<TeamAuthOptions> & { now: () => number },
  { store, databaseFile }: { store: TeamStore; databaseFile: string } = tempStore(),
) {
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  const { app } = editorInstance({ level: "debug", stream, serializers: teamLogSerializers });
  await app.register(teamAuthPlugin, {
    publicUrl: PUBLIC_URL,
    secureCookies: false,
    people: () => PEOPLE,
    ...options,
    store,
  });
  const input = { schema: { body: NOTHING, querystring: NOTHING } };
  app.get("/api/pages", { config: { role: "viewer" }, schema: { querystring: NOTHING } }, async () => ({ pages: [] }));
  app.post("/api/save", { ...input, config: { role: "author" } }, async () => ({ saved: true }));
  app.post("/api/merge", { ...input, config: { role: "publisher" } }, async () => ({ merged: true }));
  await app.ready();
  return { app, store, databaseFile, logLines };
}

/**
 * The whole team editor's server, every route registered, on one copy of the project that everyone works on, signed
 * in to by sessions the test starts itself: both ways of signing in are offered (stubs), so that every sign-in route
 * is registered, and what a test sends is judged before any copy is read. `more` gives the environment (a forge's
 * address and token) and what else of the team editor a test gives it (a scheduler, previews).
 */
export function teamEditorOnOneCopy(
  projectDir: string,
  store: TeamStore,
  now: () => number,
  publicUrl: URL,
  more: { env?: NodeJS.ProcessEnv; team?: Partial<TeamMode> } = {},
) {
  return buildEditor({
    projectDir,
    env: more.env ?? {},
    team: {
      publicUrl,
      secureCookies: true,
      store,
      now,
      people: () => ({ people: {}, domains: {} }),
      oidc: { start: async () => ({ flowId: "", url: new URL(publicUrl.origin) }), finish: async () => ({}) } as never,
      links: { send: async () => undefined, use: async () => undefined, notAllowed: () => undefined, close: () => {} },
      workspaces: { folderOf: async () => projectDir, keep: async () => undefined },
      ...more.team,
    },
  });
}

/** The session cookie a response sets, as the browser would send it back. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = [setCookie ?? []].flat().find((line) => line.startsWith("editor-session=")) ?? "";
  return first.split(";")[0];
}
