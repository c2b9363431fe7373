import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { asSentence, editorGitErrors, messageOf, teamAccessErrors } from "../../contract/errors.ts";
import { CALLBACK_PATH } from "../../editor/team/oidc.ts";
import {
  siteRemote,
  type SiteRemote,
  startTeamEditor,
  type TeamEditorProcess,
} from "../../editor/team/test-process.ts";
import { startTestProvider, type TestProvider } from "../../editor/team/test-provider.ts";
import { freePort } from "../../scripts/lib/serve.ts";
import { DESKTOP, MOBILE, launch } from "./support/browser.ts";
import { outlineBlock, savedStatus } from "./support/editor.ts";

/**
 * `npm run edit:team` in Chromium, signed in through a real OpenID Connect provider (`oidc-provider`, its own login
 * and consent pages): an author edits a heading in the form, saves and publishes it for review, and the commit is in
 * their name; another author sees none of it and has nothing to publish; a viewer's save is refused.
 *
 * It serves no site build: run it alone with E2E_BASE_URL set to any address, which the editor's suites never open.
 * E2E_SHOTS_DIR keeps its screenshots (the sign-in page, the page list, its e-mail notices and a page at 390 and
 * 1366 px) in a folder; docs/images holds the ones docs/team-editor.md shows.
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const PET_TITLE = "AI agents for pet insurance";
const BASE_HEADING = "Calm, caring support when a pet needs help";
const ADA_HEADING = "Calm, caring support whenever a pet needs help";

/** The provider's accounts, by the id typed at its login form. */
const ACCOUNTS = {
  ada: { email: "ada.lovelace@company.com", email_verified: true, name: "Ada Lovelace" },
  grace: { email: "grace.hopper@company.com", email_verified: true, name: "Grace Hopper" },
  vic: { email: "vic@company.com", email_verified: true, name: "Vic Reader" },
};

const WAIT = 60_000;
vi.setConfig({ testTimeout: 300_000 });
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: WAIT });
const shots = process.env.E2E_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "voxa-team-shots-"));

let site: SiteRemote;
let provider: TestProvider;
let editor: TeamEditorProcess;
let origin = "";
let browser: Browser;

beforeAll(async () => {
  site = siteRemote({ people: { "vic@company.com": "viewer" }, domains: { "company.com": "author" } });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  provider = await startTestProvider(ACCOUNTS, new URL(CALLBACK_PATH, origin));
  editor = await startTeamEditor(site, {
    EDIT_TEAM_URL: origin,
    EDIT_TEAM_INSECURE_COOKIES: "1",
    EDIT_TEAM_PORT: String(port),
    EDIT_TEAM_SQLITE: path.join(site.top, "team.sqlite"),
    EDIT_TEAM_WORK_DIR: path.join(site.top, "work"),
    EDIT_OIDC_ISSUER: provider.issuer.href,
    EDIT_OIDC_CLIENT_ID: provider.clientId,
    EDIT_OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  browser = await launch();
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await editor?.kill("SIGTERM");
  await provider?.stop();
  site?.remove();
});

/** A browser of its own (no cookie of anyone else's), on the editor's address. */
async function newTab(): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  context.setDefaultTimeout(WAIT);
  // The provider's development pages ask for a web font; this machine has no network, and needs none.
  await context.route(/^https:\/\/fonts\./, (route) => route.abort());
  return context.newPage();
}

/** Both widths' screenshots of what the tab shows, `<name>-390.png` and `<name>-1366.png`; the tab ends at 1366 px. */
async function screenshots(page: Page, name: string) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`) });
  }
}

/** Signs in as the provider's `account` from the editor's sign-in page, as a person does; ends on the page list. */
async function signIn(page: Page, account: keyof typeof ACCOUNTS, shoot = false): Promise<void> {
  await page.goto(origin);
  await page.getByRole("heading", { name: "Sign in to the page editor", level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/team/sign-in");
  if (shoot) await screenshots(page, "team-sign-in");
  await page.getByRole("link", { name: "Continue with your company account" }).click();
  // The provider's own login page, then its consent page.
  await page.waitForURL((url) => url.origin === provider.issuer.origin);
  await page.getByPlaceholder("Enter any login").fill(account);
  await page.getByPlaceholder("and password").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
  expect(page.url()).toBe(`${origin}/`);
}

/** The signed-in person as the page list's bar shows them: name and role. */
const personBar = (page: Page) => page.locator(".person-bar .person-who").innerText();

/** Opens the pet insurance page from the page list and its hero's form; answers the Heading field. */
async function openHero(page: Page) {
  await page.getByRole("searchbox", { name: "Search pages by title, path or menu" }).fill("pet");
  await page.getByRole("link", { name: PET_TITLE }).click();
  await outlineBlock(page, "Industry hero").click();
  return page.getByLabel("Heading", { exact: true });
}

const publishPanel = (page: Page) => page.getByRole("region", { name: "Publish for review" });

/** Publishes from the Changes view, reached from the page's toolbar. */
async function publishFromChanges(page: Page, summary: string) {
  await page.getByRole("link", { name: /^Changes/ }).click();
  await page.getByRole("heading", { name: "Changes", level: 1 }).waitFor();
  await publishPanel(page).getByLabel("Summary of the change").fill(summary);
  await publishPanel(page).getByRole("button", { name: "Publish for review" }).click();
}

const branches = () =>
  site.git(site.remote, "for-each-ref", "--format=%(refname:short)", "refs/heads/").trim().split("\n").sort();

describe("the team editor in Chromium, signed in through the team's OpenID Connect provider", () => {
  it("an author edits, saves and publishes in their own name; another author sees none of it; a viewer's save is refused", async () => {
    const ada = await newTab();
    await signIn(ada, "ada", true);
    expect(await personBar(ada)).toBe("Ada Lovelace\nauthor");
    expect(await ada.getByRole("button", { name: `Duplicate ${PET_TITLE}` }).count()).toBe(1);
    await screenshots(ada, "team-pages");
    // Her e-mail notices beside her name: an author's one choice, on until she ticks it off; this editor has no mail
    // server, and the panel says so.
    const notices = ada.locator(".person-bar summary", { hasText: "E-mail notices" });
    await notices.click();
    const own = ada.getByRole("checkbox", { name: "E-mail me when my request is merged or sent back" });
    await poll(() => own.isChecked()).toBe(true);
    await ada.getByText("This editor sends no e-mail: its mail server is not set up.", { exact: false }).waitFor();
    await screenshots(ada, "team-notices");
    await notices.click();

    const heading = await openHero(ada);
    await poll(() => heading.inputValue()).toBe(BASE_HEADING);
    await heading.fill(ADA_HEADING);
    await ada.getByRole("button", { name: "Save" }).click();
    await savedStatus(ada);
    await ada.getByRole("link", { name: "Changes 1 (changed file)", exact: true }).waitFor();
    await screenshots(ada, "team-page");

    await publishFromChanges(ada, "Pet insurance hero, whenever");
    const status = publishPanel(ada).getByRole("status");
    await status.getByRole("link").or(status.locator("code.command")).first().waitFor();
    const afterAda = branches();
    const published = afterAda.filter((branch) => branch !== "main");
    expect(published).toHaveLength(1);
    const [author, committer, subject] = site
      .git(site.remote, "log", "-1", "--format=%an <%ae>%n%cn <%ce>%n%s", published[0]!)
      .trim()
      .split("\n");
    expect({ author, committer, subject }).toEqual({
      author: "Ada Lovelace <ada.lovelace@company.com>",
      committer: "Voxa page editor <editor@voxa.example>",
      subject: "Pet insurance hero, whenever",
    });
    expect(site.git(site.remote, "show", `${published[0]}:${PET}`)).toContain(`"heading": "${ADA_HEADING}"`);

    // Grace, another author in a browser of her own: none of Ada's edits, nothing to publish.
    const grace = await newTab();
    await signIn(grace, "grace");
    expect(await personBar(grace)).toBe("Grace Hopper\nauthor");
    await grace.getByRole("link", { name: "Changes 0 (changed files)", exact: true }).waitFor();
    const graceHeading = await openHero(grace);
    await poll(() => graceHeading.inputValue()).toBe(BASE_HEADING);
    await publishFromChanges(grace, "Ada's change, by Grace");
    const refusal = publishPanel(grace).getByRole("alert");
    await refusal.waitFor();
    expect((await refusal.innerText()).replace(/\s+/g, " ").trim()).toBe(
      `${editorGitErrors.nothingToPublish.title}. ${asSentence(editorGitErrors.nothingToPublish.message)} ${editorGitErrors.nothingToPublish.hint}`,
    );
    expect(branches()).toEqual(afterAda);

    // Vic, a viewer: offered nothing that writes in the page list, and a save of the page refused by the server.
    const vic = await newTab();
    await signIn(vic, "vic");
    expect(await personBar(vic)).toBe("Vic Reader\nviewer");
    expect(await vic.getByRole("region", { name: "New page" }).count()).toBe(0);
    expect(await vic.getByRole("button", { name: `Duplicate ${PET_TITLE}` }).count()).toBe(0);
    const vicHeading = await openHero(vic);
    await poll(() => vicHeading.inputValue()).toBe(BASE_HEADING);
    expect(await vic.getByRole("button", { name: "Save" }).count()).toBe(0);
    expect(await vic.getByText("Read only", { exact: true }).count()).toBe(1);
    // Saving all the same, with the keyboard's shortcut: the server refuses it, and the tab says why and what to do.
    await vicHeading.fill("A viewer's heading");
    const refused = vic.waitForResponse((response) => response.url() === `${origin}/api/save`);
    await vic.keyboard.press("Control+s");
    expect((await refused).status()).toBe(403);
    expect(((await (await refused).json()) as { error: { code: string } }).error.code).toBe("TEAM_ROLE_TOO_LOW");
    const roleTooLow = messageOf(teamAccessErrors.roleTooLow, { role: "viewer", needed: "author" });
    await vic.getByRole("status").filter({ hasText: teamAccessErrors.roleTooLow.title }).waitFor();
    expect(await vic.getByRole("status").filter({ hasText: teamAccessErrors.roleTooLow.title }).innerText()).toBe(
      `${teamAccessErrors.roleTooLow.title}: ${asSentence(roleTooLow)} ${teamAccessErrors.roleTooLow.hint}`,
    );
    // The page in Vic's copy, as the editor reads it for him, is the published one still.
    const document = await vic.request.get(`${origin}/api/document?file=${encodeURIComponent(PET)}`);
    const { value } = (await document.json()) as { value: { blocks: { heading?: string }[] } };
    expect(value.blocks[0]?.heading).toBe(BASE_HEADING);
  });
});
