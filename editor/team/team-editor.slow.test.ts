// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/measure/serve.ts";
import {
  callEditor,
  type EditorSession,
  siteRemote,
  type SiteRemote,
  startTeamEditor,
  type TeamEditorProcess,
} from "../../tests/support/editor/team/test-process.ts";

/**
 * `npm run edit:team` as a team meets it, in its own process: people sign in with links it prints (its one-machine
 * delivery), each edits a copy of their own, a save survives the editor's SIGKILL and the loss of its working folder,
 * another person sees none of it, a viewer cannot save, and publishing commits in the author's name.
 */

const ABOUT = "site-config/pages/about.json";
let site: SiteRemote;
let port = 0;
let origin = "";
let editor: TeamEditorProcess | undefined;

/** The team editor on `workDir`, with the same database and remote every time; resolves once it listens. */
async function startEditor(workDir: string) {
  editor = await startTeamEditor(site, {
    EDIT_TEAM_URL: origin,
    EDIT_TEAM_INSECURE_COOKIES: "1",
    EDIT_TEAM_LINKS_TO_TERMINAL: "1",
    EDIT_TEAM_PORT: String(port),
    EDIT_TEAM_SQLITE: path.join(site.top, "team.sqlite"),
    EDIT_TEAM_WORK_DIR: workDir,
  });
}

const kill = (signal: NodeJS.Signals) => editor?.kill(signal) ?? Promise.resolve();

type Session = EditorSession;

const call = (session: Session | undefined, method: string, url: string, body?: unknown) =>
  callEditor(origin, session, method, url, body);

/** Signs in by the link the editor prints, as a person would open it. */
async function signIn(email: string): Promise<Session> {
  const asked = await call(undefined, "POST", "/team/link", { email });
  expect(asked.status).toBe(202);
  const token = (await editor!.linkFor(email)).hash.slice(1);
  const used = await call(undefined, "POST", "/team/link/use", { token });
  expect(used.status).toBe(200);
  const cookie = used.response.headers.get("set-cookie")!.split(";")[0]!;
  const session = await fetch(`${origin}/team/session`, { headers: { cookie } });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

const titleOf = async (session: Session) => {
  const opened = await call(session, "GET", `/api/document?file=${encodeURIComponent(ABOUT)}`);
  expect(opened.status).toBe(200);
  return opened.json as { value: { title: string }; version: string };
};

beforeAll(async () => {
  // The site as its remote holds it: this project's committed files, with the team in editor-team.json.
  site = siteRemote({
    people: { "ada.lovelace@company.com": "admin", "vic@company.com": "viewer" },
    domains: { "company.com": "author" },
  });
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await startEditor(path.join(site.top, "work-1"));
}, 180_000);

afterAll(async () => {
  await kill("SIGTERM");
  site?.remove();
});

describe("the team editor, signed in by the links it prints", () => {
  it("keeps a saved draft through SIGKILL and a lost working folder; another person never sees it; a viewer cannot save; publishing commits in the author's name", async () => {
    const bob = await signIn("bob.smith@company.com");
    // The editor's page carries Bob's CSRF token, under a policy that lets only its own scripts run.
    const page = await fetch(`${origin}/`, { headers: { cookie: bob.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<meta name="editor-token" content="${bob.csrf}" />`);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self';");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const before = await titleOf(bob);
    const edited = { ...(before.value as Record<string, unknown>), title: "About Voxa, by Bob" };
    const saved = await call(bob, "POST", "/api/save", { file: ABOUT, value: edited, version: before.version });
    expect(saved.status).toBe(200);

    // The editor's machine goes: the process is killed at once and its working folder is lost with it.
    await kill("SIGKILL");
    fs.rmSync(path.join(site.top, "work-1"), { recursive: true, force: true });
    await startEditor(path.join(site.top, "work-2"));

    expect((await titleOf(bob)).value.title).toBe("About Voxa, by Bob");
    const ada = await signIn("ada.lovelace@company.com");
    expect((await titleOf(ada)).value.title).toBe(before.value.title);
    const adaChanges = await call(ada, "GET", "/api/changes");
    expect((adaChanges.json.changes as unknown[]).length).toBe(0);
    // Ada is told, on the page, that Bob has an unpublished draft of it, and what it changes; Bob is not told of his own.
    const others = await call(ada, "GET", `/api/others-drafts?file=${encodeURIComponent(ABOUT)}`);
    expect(others.json).toEqual({
      file: ABOUT,
      drafts: [
        {
          email: "bob.smith@company.com",
          name: "Bob Smith",
          at: expect.any(Number),
          kind: "changed",
          fields: ["Title"],
        },
      ],
    });
    const own = await call(bob, "GET", `/api/others-drafts?file=${encodeURIComponent(ABOUT)}`);
    expect(own.json).toEqual({ file: ABOUT, drafts: [] });

    const vic = await signIn("vic@company.com");
    const refused = await call(vic, "POST", "/api/save", { file: ABOUT, value: edited, version: before.version });
    expect({ status: refused.status, error: refused.json.error }).toEqual({
      status: 403,
      error: {
        code: "TEAM_ROLE_TOO_LOW",
        title: "Role too low",
        message: "This needs the author role; you are viewer",
        hint: "Ask an admin for the role (editor-team.json or the people settings).",
      },
    });

    const published = await call(bob, "POST", "/api/publish", { summary: "About page title" });
    expect(published.status).toBe(200);
    const branch = String(published.json.branch);
    const [author, committer, subject] = site
      .git(site.remote, "log", "-1", "--format=%an <%ae>%n%cn <%ce>%n%s", branch)
      .trim()
      .split("\n");
    expect({ author, committer, subject }).toEqual({
      author: "Bob Smith <bob.smith@company.com>",
      committer: "Voxa page editor <editor@voxa.example>",
      subject: "About page title",
    });
    expect(site.git(site.remote, "show", `${branch}:${ABOUT}`)).toContain('"title": "About Voxa, by Bob"');

    const audit = await fetch(`${origin}/team/audit/export?person=bob.smith@company.com`, {
      headers: { cookie: ada.cookie },
    });
    const actions = (await audit.text())
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { action: string; page?: string }).action);
    expect(actions).toEqual(["sign-in", "save", "publish"]);
  }, 240_000);
});
