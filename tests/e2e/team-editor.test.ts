import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { asSentence, editorGitErrors, messageOf, teamAccessErrors } from "../../contract/errors.ts";
import { outlineBlock, savedStatus } from "./support/editor.ts";
import { TEAM_WAIT, newTab as newSuiteTab, signIn as signInAs, teamEditorSuite } from "./support/team-editor.ts";
import { screenshots } from "./support/shots.ts";

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

vi.setConfig({ testTimeout: 300_000 });
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: TEAM_WAIT });
const suite = teamEditorSuite(ACCOUNTS, {
  people: { "vic@company.com": "viewer" },
  domains: { "company.com": "author" },
});
const newTab = () => newSuiteTab(suite);
const signIn = (page: Page, account: keyof typeof ACCOUNTS, shoot = false) => signInAs(suite, page, account, shoot);

/** The signed-in person as the page list's bar shows them: name and role. */
const personBar = (page: Page) => page.locator(".person-bar .person-who").innerText();

/** Opens the pet insurance page from the page list and its hero's form; answers the Heading field. */
async function openHero(page: Page) {
  await page.getByRole("searchbox", { name: "Search by title, path, menu or locale" }).fill("pet");
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
  suite.site
    .git(suite.site.remote, "for-each-ref", "--format=%(refname:short)", "refs/heads/")
    .trim()
    .split("\n")
    .sort();

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
    const [author, committer, subject] = suite.site
      .git(suite.site.remote, "log", "-1", "--format=%an <%ae>%n%cn <%ce>%n%s", published[0]!)
      .trim()
      .split("\n");
    expect({ author, committer, subject }).toEqual({
      author: "Ada Lovelace <ada.lovelace@company.com>",
      committer: "Voxa page editor <editor@voxa.example>",
      subject: "Pet insurance hero, whenever",
    });
    expect(suite.site.git(suite.site.remote, "show", `${published[0]}:${PET}`)).toContain(
      `"heading": "${ADA_HEADING}"`,
    );

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
    const refused = vic.waitForResponse((response) => response.url() === `${suite.origin}/api/save`);
    await vic.keyboard.press("Control+s");
    expect((await refused).status()).toBe(403);
    expect(((await (await refused).json()) as { error: { code: string } }).error.code).toBe("TEAM_ROLE_TOO_LOW");
    const roleTooLow = messageOf(teamAccessErrors.roleTooLow, { role: "viewer", needed: "author" });
    await vic.getByRole("status").filter({ hasText: teamAccessErrors.roleTooLow.title }).waitFor();
    expect(await vic.getByRole("status").filter({ hasText: teamAccessErrors.roleTooLow.title }).innerText()).toBe(
      `${teamAccessErrors.roleTooLow.title}: ${asSentence(roleTooLow)} ${teamAccessErrors.roleTooLow.hint}`,
    );
    // The page in Vic's copy, as the editor reads it for him, is the published one still.
    const document = await vic.request.get(`${suite.origin}/api/document?file=${encodeURIComponent(PET)}`);
    const { value } = (await document.json()) as { value: { blocks: { heading?: string }[] } };
    expect(value.blocks[0]?.heading).toBe(BASE_HEADING);
  });
});
