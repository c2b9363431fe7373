// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  catalogueError,
  formatCatalogueError,
  formatNotice,
  teamConfigErrors,
  teamLines,
} from "../../contract/errors.ts";
import { freePort } from "../../scripts/measure/serve.ts";
import { SERVICE_TOKEN, type ScriptedGitHub, scriptedGitHub } from "../../tests/e2e/support/scripted-forge.ts";
import {
  callEditor,
  type EditorSession,
  siteRemote,
  type SiteRemote,
  startTeamEditor,
  type TeamEditorProcess,
  teamEditorRefusal,
} from "../../tests/support/editor/team/test-process.ts";

/**
 * `npm run edit:team` set up as docs/team-editor.md says, in its own process: a token with a source whose address
 * names no forge is refused at start, naming the setting to change; and a source changed under existing copies (from
 * a path to a GitHub Enterprise address, its API given by GITHUB_API_URL alone) keeps every person's draft and
 * publishes to the new remote, opening the request there.
 */

const ABOUT = "site-config/pages/about.json";
const CONTACT = "site-config/pages/contact.json";
let site: SiteRemote;
let port = 0;
let origin = "";
let editor: TeamEditorProcess | undefined;
let forge: ScriptedGitHub | undefined;

const settings = () => ({
  EDIT_TEAM_URL: origin,
  EDIT_TEAM_INSECURE_COOKIES: "1",
  EDIT_TEAM_LINKS_TO_TERMINAL: "1",
  EDIT_TEAM_PORT: String(port),
  EDIT_TEAM_SQLITE: path.join(site.top, "team.sqlite"),
  EDIT_TEAM_WORK_DIR: path.join(site.top, "work"),
});

type Session = EditorSession;

const call = (session: Session | undefined, method: string, url: string, body?: unknown) =>
  callEditor(origin, session, method, url, body);

async function signIn(email: string): Promise<Session> {
  expect((await call(undefined, "POST", "/team/link", { email })).status).toBe(202);
  const token = (await editor!.linkFor(email)).hash.slice(1);
  const used = await fetch(`${origin}/team/link/use`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  expect(used.status).toBe(200);
  const cookie = used.headers.get("set-cookie")!.split(";")[0]!;
  const session = await fetch(`${origin}/team/session`, { headers: { cookie } });
  return { cookie, csrf: ((await session.json()) as { csrfToken: string }).csrfToken };
}

const open = async (session: Session, file: string) => {
  const opened = await call(session, "GET", `/api/document?file=${encodeURIComponent(file)}`);
  expect(opened.status).toBe(200);
  return opened.json as { value: Record<string, unknown> & { title: string }; version: string };
};

async function saveTitle(session: Session, file: string, title: string) {
  const { value, version } = await open(session, file);
  expect((await call(session, "POST", "/api/save", { file, value: { ...value, title }, version })).status).toBe(200);
}

beforeAll(async () => {
  site = siteRemote({ people: {}, domains: { "company.com": "author" } });
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(async () => {
  await editor?.kill("SIGTERM");
  await forge?.close();
  site?.remove();
});

describe("the team editor's forge, set up from the docs", () => {
  it("refuses to start with a token while the source is a path, naming the setting to change", async () => {
    const refused = await teamEditorRefusal(site, { ...settings(), GITHUB_TOKEN: SERVICE_TOKEN });
    expect(refused.code).toBe(1);
    const error = catalogueError(teamConfigErrors.forgeNotFound, {
      token: "GITHUB_TOKEN",
      address: site.remote,
      from: "EDIT_TEAM_SOURCE",
    });
    expect(refused.output).toContain(formatCatalogueError(error));
    expect(fs.existsSync(path.join(site.top, "work"))).toBe(false);
  }, 120_000);

  it("moves the copies to a changed source: every draft kept, publishing to the new remote through GITHUB_API_URL's forge", async () => {
    editor = await startTeamEditor(site, settings());
    expect(editor.output()).toContain(formatNotice(teamLines.noForge, { address: site.remote }));
    const bob = await signIn("bob.smith@company.com");
    const carol = await signIn("carol.jones@company.com");
    await saveTitle(bob, ABOUT, "About Voxa, by Bob");
    await saveTitle(carol, CONTACT, "Contact Voxa, by Carol");
    await editor.kill("SIGTERM");

    // The site's repository moves to a GitHub Enterprise server, known by its API's address alone.
    const moved = path.join(site.top, "moved.git");
    site.git(site.top, "clone", "--quiet", "--bare", site.remote, moved);
    forge = await scriptedGitHub({ ...site, remote: moved });
    const api = forge.env.GITHUB_API_URL!;
    const address = `${new URL(api).origin}/voxa/site.git`;
    fs.appendFileSync(site.gitEnv.GIT_CONFIG_GLOBAL!, `[url "${moved}"]\n\tinsteadOf = ${address}\n`);
    editor = await startTeamEditor(site, {
      ...settings(),
      EDIT_TEAM_SOURCE: address,
      GITHUB_API_URL: api,
      GITHUB_TOKEN: SERVICE_TOKEN,
    });
    expect(editor.output()).toContain(formatNotice(teamLines.copiesMoved, { count: 2, address }));
    expect(editor.output()).toContain(
      formatNotice(teamLines.forge, { forge: "GitHub", repository: "voxa/site", token: "GITHUB_TOKEN" }),
    );

    expect((await open(bob, ABOUT)).value.title).toBe("About Voxa, by Bob");
    expect((await open(carol, CONTACT)).value.title).toBe("Contact Voxa, by Carol");
    const published = await call(bob, "POST", "/api/publish", { summary: "About page title" });
    expect(published.status).toBe(200);
    const branch = String(published.json.branch);
    expect(published.json.request).toEqual({
      number: 1,
      url: "https://github.example.test/voxa/site/pull/1",
      state: "open",
    });
    expect(forge.pulls.map(({ head, base, title }) => ({ head, base, title }))).toEqual([
      { head: branch, base: "main", title: "About page title" },
    ]);
    expect(site.git(moved, "show", `${branch}:${ABOUT}`)).toContain('"title": "About Voxa, by Bob"');
    expect(site.git(site.remote, "branch", "--list", branch)).toBe("");
    // Carol's draft is still hers, unpublished.
    const carolsChanges = await call(carol, "GET", "/api/changes");
    expect((carolsChanges.json.changes as { file: string }[]).map(({ file }) => file)).toEqual([CONTACT]);
  }, 300_000);
});
