import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { asSentence, messageOf, teamLockLines } from "../../contract/errors.ts";
import { outlineBlock, preview } from "./support/editor.ts";
import { TEAM_WAIT, newTab, signIn, teamEditorSuite } from "./support/team-editor.ts";
import { screenshots } from "./support/shots.ts";

/**
 * Two people on one page of `npm run edit:team`, each in a Chromium context of their own, signed in through the real
 * OpenID Connect provider: each sees the other arrive and leave (page list and page), the first to edit holds the page
 * and the other reads it under "Mia Wong is editing this page", takes it over after confirming, and Mia is told at
 * once, her unsaved edit kept as her draft.
 *
 * It serves no site build: run it alone with E2E_BASE_URL set to any address, which the editor's suites never open.
 * E2E_SHOTS_DIR keeps its screenshots (the lock notice, and the notice of a page taken over, at 390 and 1366 px).
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const PET_TITLE = "AI agents for pet insurance";
const BASE_HEADING = "Calm, caring support when a pet needs help";
const MIA_HEADING = "Calm, caring support whenever a pet needs help";

const ACCOUNTS = {
  mia: { email: "mia.wong@company.com", email_verified: true, name: "Mia Wong" },
  bob: { email: "bob.smith@company.com", email_verified: true, name: "Bob Smith" },
};

vi.setConfig({ testTimeout: 300_000 });
const suite = teamEditorSuite(ACCOUNTS, { people: {}, domains: { "company.com": "author" } });
/** Presence and lock changes reach the other tab within two seconds; a loaded machine is given a little more. */
const SOON = 4000;
const poll = <T>(read: () => Promise<T>, timeout = TEAM_WAIT) => expect.poll(read, { timeout });

const chipsOf = (page: Page, names: string) =>
  page.getByRole("group", { name: messageOf(teamLockLines.presence, { names }) });
const pageRow = (page: Page) => page.getByRole("row").filter({ has: page.getByRole("link", { name: PET_TITLE }) });
const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** Opens the pet insurance page from the page list and its hero's form; answers the Heading field. */
async function openHero(page: Page) {
  await page.getByRole("searchbox", { name: "Search by title, path, menu or locale" }).fill("pet");
  await page.getByRole("link", { name: PET_TITLE }).click();
  await outlineBlock(page, "Industry hero").click();
  return page.getByLabel("Heading", { exact: true });
}

describe("two people on one page of the team editor", () => {
  it("see each other come and go, and the second reads under the lock, takes it over, and the first keeps her edit", async () => {
    const mia = await newTab(suite);
    const bob = await newTab(suite);
    await signIn(suite, mia, "mia");
    await signIn(suite, bob, "bob");

    // Mia opens the page: Bob's page list shows her on it, by her initials, named in full.
    const miaHeading = await openHero(mia);
    const miaInList = chipsOf(bob, "Mia Wong");
    await poll(() => pageRow(bob).getByRole("group").count(), SOON).toBe(1);
    expect(await miaInList.getByRole("img", { name: "Mia Wong" }).innerText()).toBe("MW");
    expect(await miaInList.getByRole("img").getAttribute("title")).toBe("Mia Wong");

    // Bob opens it too: each page names the other.
    const bobHeading = await openHero(bob);
    await poll(() => chipsOf(mia, "Bob Smith").count(), SOON).toBe(1);
    await poll(() => chipsOf(bob, "Mia Wong").count(), SOON).toBe(1);

    // Mia's first edit holds the page: Bob reads it, its fields read-only, with no Save.
    await miaHeading.fill(MIA_HEADING);
    const editing = bob.getByRole("status").filter({ hasText: messageOf(teamLockLines.editing, { name: "Mia Wong" }) });
    await poll(() => editing.count(), SOON).toBe(1);
    const line = teamLockLines.editing;
    expect(words(await editing.innerText())).toBe(
      `${line.title}. ${asSentence(messageOf(line, { name: "Mia Wong" }))} ${line.hint} Take over`,
    );
    expect(await bobHeading.isDisabled()).toBe(true);
    expect(await bob.getByRole("button", { name: "Save" }).count()).toBe(0);
    await preview(bob).getByRole("heading", { name: BASE_HEADING }).waitFor();
    await screenshots(bob, "team-lock");

    // Bob takes over, after confirming; Mia's unsaved edit is saved as her draft as it goes.
    const kept = mia.waitForResponse((response) => response.url() === `${suite.origin}/api/save`);
    await editing.getByRole("button", { name: "Take over" }).click();
    const confirm = bob.getByRole("dialog", { name: teamLockLines.takeOverConfirm.title });
    expect(words(await confirm.innerText())).toContain(
      asSentence(messageOf(teamLockLines.takeOverConfirm, { name: "Mia Wong" })),
    );
    await confirm.getByRole("button", { name: "Take over" }).click();
    await poll(() => editing.count(), SOON).toBe(0);
    expect(await bobHeading.isDisabled()).toBe(false);

    const taken = mia.getByRole("alert").filter({ hasText: messageOf(teamLockLines.takenOver, { name: "Bob Smith" }) });
    await poll(() => taken.count(), SOON).toBe(1);
    expect((await kept).status()).toBe(200);
    expect(await miaHeading.isDisabled()).toBe(true);
    await preview(mia).getByRole("heading", { name: MIA_HEADING }).waitFor();
    await screenshots(mia, "team-taken-over");
    const draft = await mia.request.get(`${suite.origin}/api/document?file=${encodeURIComponent(PET)}`);
    const { value } = (await draft.json()) as { value: { blocks: { heading?: string }[] } };
    expect(value.blocks[0]?.heading).toBe(MIA_HEADING);

    // Mia's tab closes: she is gone from Bob's page at once.
    await mia.context().close();
    await poll(() => chipsOf(bob, "Mia Wong").count(), SOON).toBe(0);
  });
});
