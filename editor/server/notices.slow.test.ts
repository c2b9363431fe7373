// @vitest-environment node
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER } from "../protocol.ts";
import { freePort } from "../../scripts/measure/lead-server.ts";
import { headerOf, type ReceivedMail, startSmtpServer } from "../../tests/support/smtp-server.ts";
import { checkoutOfGitHubRemote } from "../../tests/support/editor/git/test-repos.ts";
import { teamNotices } from "../team/notices.ts";
import type { People } from "../team/people.ts";
import type { Role } from "../team/roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import type { TeamStore } from "../team/store.ts";
import { tempStore } from "../../tests/support/editor/team/test-support.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";
import { buildEditor } from "./app.ts";

/**
 * The team editor's e-mail notices over a real SMTP server (smtp-server), with a real git remote and GitHub's API
 * scripted: publishers are told of a review requested, its author of the merge or the send-back and its comment; a
 * person who turned a notice off gets none; with the SMTP server down, publishing and merging succeed and the failure
 * is logged.
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const API = "https://github.example.test/api/v3";
const REPO = `${API}/repos/voxa/site`;
const PUBLIC_URL = new URL("https://edit.company.com");
const PEOPLE: People = {
  people: {
    "pat@company.com": "publisher",
    "quinn@company.com": "publisher",
    "bob.smith@company.com": "author",
    "vic@company.com": "viewer",
  },
  domains: {},
};
const PEOPLE_NAMES: Record<string, string> = {
  "pat@company.com": "Pat Publisher",
  "bob.smith@company.com": "Bob Smith",
};
const PULL_URL = "https://github.example.test/voxa/site/pull/7";
const SUBJECT = {
  requested: "Review requested: “Pet insurance heading” by Bob Smith",
  merged: "Merged: your request “Pet insurance heading”",
  sentBack: "Sent back: your request “Pet insurance heading”",
};

let top: string;
let project: ReturnType<typeof copyProject>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });

/** GitHub as the scripted forge has it: the one pull request publishing opens, kept open. */
let pulls: Record<string, unknown>[] = [];
const forge = setupServer(
  http.get(`${REPO}/pulls`, () => HttpResponse.json(pulls)),
  http.post(`${REPO}/pulls`, async ({ request }) => {
    const asked = (await request.json()) as { head: string; title: string; body: string };
    const pull = {
      number: 7,
      html_url: PULL_URL,
      state: "open",
      title: asked.title,
      body: asked.body,
      head: { ref: asked.head, sha: "s7" },
    };
    pulls = [pull];
    return HttpResponse.json(pull, { status: 201 });
  }),
  http.get(`${REPO}/commits/s7/status`, () => HttpResponse.json({ state: "success", total_count: 1 })),
  http.get(`${REPO}/commits/s7/check-runs`, () => HttpResponse.json({ total_count: 0, check_runs: [] })),
  http.put(`${REPO}/pulls/7/merge`, () => HttpResponse.json({ merged: true })),
  http.post(`${REPO}/issues/7/comments`, () => HttpResponse.json({ id: 1 }, { status: 201 })),
);

/** An editor of the team on the one copy, its notices sent to `smtpPort`, every log line kept. */
async function teamEditor(smtpPort: number) {
  const { store } = tempStore();
  const logged: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean))
        logged.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const notices = teamNotices({
    mail: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: "editor@company.com" },
    publicUrl: PUBLIC_URL,
    store,
    people: () => PEOPLE,
  });
  const { app } = await buildEditor({
    projectDir: project.dir,
    env: { GITHUB_API_URL: API, GITHUB_TOKEN: "service-token", PATH: "" },
    logger: { level: "warn", stream },
    team: {
      publicUrl: PUBLIC_URL,
      secureCookies: true,
      store,
      people: () => PEOPLE,
      notices,
      workspaces: { folderOf: async () => project.dir, keep: async () => undefined },
    },
  });
  await app.ready();
  return { app, store, notices, logged };
}

let editor: Awaited<ReturnType<typeof teamEditor>>;

async function call(
  { app, store }: { app: FastifyInstance; store: TeamStore },
  email: string,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
) {
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, Date.now);
  const id = await keeper.start(email, PEOPLE.people[email] as Role, PEOPLE_NAMES[email]);
  const person = await keeper.resume(id);
  const response = await app.inject({
    method,
    url,
    headers: {
      host: PUBLIC_URL.host,
      origin: PUBLIC_URL.origin,
      cookie: `__Host-editor-session=${id}`,
      [EDITOR_TOKEN_HEADER]: person!.csrfToken,
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** Bob's edit of the pet insurance page's hero heading, in the copy, as a save leaves it. */
function editHeading(heading: string) {
  const file = path.join(project.dir, PET);
  const page = JSON.parse(fs.readFileSync(file, "utf8")) as { blocks: Record<string, unknown>[] };
  page.blocks[0]!.heading = heading;
  fs.writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
}

const PAGE_TITLE = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "..", PET), "utf8")) as {
    title: string;
  }
).title;

/** What arrived since `from`, each as who it went to and its subject, once every notice under way has settled. */
async function arrived(from: number) {
  await editor.notices.settled();
  return smtp.received.slice(from).map((mail) => ({ to: mail.to, subject: headerOf(mail, "Subject") }));
}

beforeAll(async () => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-notices-"));
  project = copyProject();
  checkoutOfGitHubRemote(project.dir, top);
  // The committer of every publication: the editor's service, as a person's copy has it.
  git(project.dir, "config", "user.name", "Page editor");
  git(project.dir, "config", "user.email", "page-editor@company.com");
  forge.listen({ onUnhandledRequest: "error" });
  smtp = await startSmtpServer();
  editor = await teamEditor(smtp.port);
}, 60_000);

afterAll(async () => {
  await editor?.app.close();
  await editor?.store.close();
  await smtp?.close();
  forge.close();
  project?.remove();
  if (top) fs.rmSync(top, { recursive: true, force: true });
});

describe("e-mail notices of the team's reviews", () => {
  it("e-mails each publisher once when an author publishes for review, naming them, the author and the page", async () => {
    // Pat has signed in (she reads her notices: all on), Quinn never has.
    expect(await call(editor, "pat@company.com", "GET", "/team/notices")).toEqual({
      status: 200,
      body: { reviewRequested: true, ownRequests: true, sending: true },
    });
    editHeading("Pet insurance claims, answered at 3 a.m.");
    const published = await call(editor, "bob.smith@company.com", "POST", "/api/publish", {
      summary: "Pet insurance heading",
    });
    expect(published).toMatchObject({ status: 200, body: { request: { number: 7, url: PULL_URL } } });

    expect((await arrived(0)).sort((a, b) => a.to[0]!.localeCompare(b.to[0]!))).toEqual([
      { to: ["pat@company.com"], subject: SUBJECT.requested },
      { to: ["quinn@company.com"], subject: SUBJECT.requested },
    ]);
    const pat = smtp.received.find((mail) => mail.to[0] === "pat@company.com") as ReceivedMail;
    expect(headerOf(pat, "From")).toBe("editor@company.com");
    expect(headerOf(pat, "Content-Type")).toMatch(/^text\/plain; charset=utf-8/);
    expect(pat.text).toBe(
      [
        "Hello Pat Publisher,",
        "",
        "Bob Smith asks for a review of request 7, “Pet insurance heading”. It changes:",
        `- ${PAGE_TITLE} (/industries/pet-insurance)`,
        "",
        "Review it in the page editor: https://edit.company.com/review/7",
        `The request: ${PULL_URL}`,
        "",
        "To stop these e-mails, untick “E-mail me when a review is requested” under E-mail notices beside your name in the editor.",
        "",
      ].join("\n"),
    );
    // Quinn never signed in: their name is read from their address.
    const quinn = smtp.received.find((mail) => mail.to[0] === "quinn@company.com") as ReceivedMail;
    expect(quinn.text.split("\n")[0]).toBe("Hello Quinn,");
  });

  it("e-mails the author when their request is sent back, with the publisher's comment", async () => {
    const from = smtp.received.length;
    const back = await call(editor, "pat@company.com", "POST", "/api/requests/send-back", {
      number: 7,
      comment: "Please keep the heading under 40 characters.\nAnd say “cats” too.",
    });
    expect(back.status).toBe(200);
    expect(await arrived(from)).toEqual([{ to: ["bob.smith@company.com"], subject: SUBJECT.sentBack }]);
    expect(smtp.received[from]!.text).toBe(
      [
        "Hello Bob Smith,",
        "",
        "Pat Publisher sent back your request 7, “Pet insurance heading”, with this comment:",
        "",
        "Please keep the heading under 40 characters.",
        "And say “cats” too.",
        "",
        "It changes:",
        `- ${PAGE_TITLE} (/industries/pet-insurance)`,
        "",
        "Change the pages in the page editor and publish again; the request stays open and takes the changes: https://edit.company.com/",
        `The request: ${PULL_URL}`,
        "",
        "To stop these e-mails, untick “E-mail me when my request is merged or sent back” under E-mail notices beside your name in the editor.",
        "",
      ].join("\n"),
    );
  });

  it("e-mails nobody who turned the notice off: Quinn is not told of Bob's next publication", async () => {
    // Published again onto the open request, the notice is of what Bob asks now: this publication's summary.
    const off = await call(editor, "quinn@company.com", "POST", "/team/notices", { reviewRequested: false });
    expect(off).toEqual({ status: 200, body: { reviewRequested: false, ownRequests: true, sending: true } });
    const from = smtp.received.length;
    editHeading("Pet insurance claims, answered at night");
    expect((await call(editor, "bob.smith@company.com", "POST", "/api/publish", { summary: "Shorter" })).status).toBe(
      200,
    );
    expect(await arrived(from)).toEqual([
      { to: ["pat@company.com"], subject: "Review requested: “Shorter” by Bob Smith" },
    ]);
  });

  it("e-mails the author when their request is merged, and nothing once they turned it off", async () => {
    const from = smtp.received.length;
    expect((await call(editor, "pat@company.com", "POST", "/api/requests/merge", { number: 7 })).status).toBe(200);
    expect(await arrived(from)).toEqual([{ to: ["bob.smith@company.com"], subject: SUBJECT.merged }]);
    expect(smtp.received[from]!.text).toContain(
      "Pat Publisher approved and merged your request 7, “Pet insurance heading”: the site goes live with it.",
    );

    const off = await call(editor, "bob.smith@company.com", "POST", "/team/notices", { ownRequests: false });
    expect(off.body).toEqual({ reviewRequested: true, ownRequests: false, sending: true });
    expect((await call(editor, "pat@company.com", "POST", "/api/requests/merge", { number: 7 })).status).toBe(200);
    const back = await call(editor, "pat@company.com", "POST", "/api/requests/send-back", { number: 7, comment: "x" });
    expect(back.status).toBe(200);
    expect(await arrived(from + 1)).toEqual([]);
  });

  it("publishes and merges all the same while the SMTP server is down, and logs each notice not sent", async () => {
    await editor.app.close();
    await editor.store.close();
    const down = await freePort();
    editor = await teamEditor(down);
    const from = smtp.received.length;
    editHeading("Pet insurance claims, answered in minutes");
    const published = await call(editor, "bob.smith@company.com", "POST", "/api/publish", { summary: "Minutes" });
    expect(published).toMatchObject({ status: 200, body: { request: { number: 7 } } });
    const merged = await call(editor, "pat@company.com", "POST", "/api/requests/merge", { number: 7 });
    expect(merged).toMatchObject({ status: 200, body: { code: "EDIT_REVIEW_MERGED" } });
    await editor.notices.settled();
    expect(smtp.received.length).toBe(from);
    const MINUTES = "Review requested: “Minutes” by Bob Smith";
    const notSent = editor.logged.filter((line) => line.code === "TEAM_NOTICE_NOT_SENT");
    const lines = notSent.map(({ to, msg }) => ({
      to: String(to),
      msg: String(msg).replace(/not sent: .*$/, "not sent: …"),
    }));
    expect(lines.sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: "bob.smith@company.com", msg: `the notice to bob.smith@company.com (${SUBJECT.merged}) was not sent: …` },
      { to: "pat@company.com", msg: `the notice to pat@company.com (${MINUTES}) was not sent: …` },
      { to: "quinn@company.com", msg: `the notice to quinn@company.com (${MINUTES}) was not sent: …` },
    ]);
    expect(String(notSent[0]!.msg)).toMatch(/ECONNREFUSED/);
  });
});
