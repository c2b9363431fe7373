import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { EDITOR_TOKEN_HEADER } from "../../editor/protocol.ts";
import {
  asSentence,
  editorGitErrors,
  editorHistoryLines,
  editorReviewLines,
  messageOf,
  teamAccessErrors,
} from "../../contract/errors.ts";
import { outlineBlock, savedStatus } from "./support/editor.ts";
import { type ScriptedGitHub, scriptedGitHub } from "./support/scripted-forge.ts";
import { TEAM_WAIT, newTab, signIn, teamEditorSuite } from "./support/team-editor.ts";
import { screenshots } from "./support/shots.ts";

/**
 * Two people, one page, in `npm run edit:team`, each person in a Chromium context of their own, signed in through the
 * real OpenID Connect provider, with GitHub's API scripted on this machine (its merge a real merge onto the bare
 * remote's main):
 *
 * - Mia, an author, publishes an edit of the pet insurance page's hero for review; the server refuses her the merge
 *   whatever her browser sends, and her editor offers none; Pat, a publisher, finds the request in his review list in
 *   words, with who asked and its checks, approves and merges it, and the site's main has Mia's change;
 * - Bob, who had saved an edit of another field of that page, gets latest: both changes are in his copy, merged field
 *   by field; Mia's own Get latest brings her merged change in, leaving her nothing to publish; Sam, who had saved
 *   the field the request changed, is asked which value to keep, both side by side, keeps his own and gets the rest
 *   of the update.
 *
 * It serves no site build: run it alone with E2E_BASE_URL set to any address, which the editor's suites never open.
 * E2E_SHOTS_DIR keeps its screenshots (the review list at 390 and 1366 px); docs/images holds the ones
 * docs/team-editor.md shows.
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const PET_TITLE = "AI agents for pet insurance";
const BASE = {
  badge: "Pet Insurance",
  heading: "Calm, caring support when a pet needs help",
  text: "AI agents that handle emergency claims, talk to vets about treatment and support owners with compassion, whatever the hour.",
};
const MIA = {
  heading: "Calm, caring support whenever a pet needs help",
  text: "AI agents that handle emergency claims and talk to vets about treatment, day and night.",
};
const BOB_BADGE = "Pets and vets";
const SAM_HEADING = "Care for every pet, at any hour";
const SUMMARY = "Pet insurance hero, day and night";

const ACCOUNTS = {
  mia: { email: "mia.wong@company.com", email_verified: true, name: "Mia Wong" },
  bob: { email: "bob.smith@company.com", email_verified: true, name: "Bob Smith" },
  sam: { email: "sam.rivera@company.com", email_verified: true, name: "Sam Rivera" },
  pat: { email: "pat.lee@company.com", email_verified: true, name: "Pat Lee" },
};

vi.setConfig({ testTimeout: 300_000 });
let forge: ScriptedGitHub;
const suite = teamEditorSuite(
  ACCOUNTS,
  { people: { "pat.lee@company.com": "publisher" }, domains: { "company.com": "author" } },
  async (site) => {
    forge = await scriptedGitHub(site);
    return forge.env;
  },
);
afterAll(() => forge?.close());
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: TEAM_WAIT });
const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** Each person's tab, signed in by the first test that needs it and kept for the next. */
const tabs: Partial<Record<keyof typeof ACCOUNTS, Page>> = {};
const tabOf = (account: keyof typeof ACCOUNTS) => tabs[account]!;
async function signedIn(account: keyof typeof ACCOUNTS): Promise<Page> {
  const page = await newTab(suite);
  await signIn(suite, page, account);
  tabs[account] = page;
  return page;
}

/** The signed-in person as the page list's bar shows them: name and role. */
const personBar = (page: Page) => page.locator(".person-bar .person-who").innerText();
const hero = (page: Page) => page.getByRole("region", { name: "Industry hero" });

/** Opens the pet insurance page from the page list and its hero's form. */
async function openHero(page: Page): Promise<Locator> {
  await page.getByRole("searchbox", { name: "Search by title, path, menu or locale" }).fill("pet");
  await page.getByRole("link", { name: PET_TITLE }).click();
  await outlineBlock(page, "Industry hero").click();
  await poll(() => hero(page).getByLabel("Heading", { exact: true }).inputValue()).not.toBe("");
  return hero(page);
}

/** Fills the hero's fields, saves, and goes back to the page list (which lets the page's lock go). */
async function saveHero(page: Page, fields: Record<string, string>) {
  const form = await openHero(page);
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Save" }).click();
  await savedStatus(page);
  await page.getByRole("button", { name: "Pages", exact: true }).click();
  await page.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
}

/** The pet insurance page's hero as the person's copy holds it, read as their editor reads it. */
async function heroInCopy(page: Page) {
  const answer = await page.request.get(`${suite.origin}/api/document?file=${encodeURIComponent(PET)}`);
  const { value } = (await answer.json()) as { value: { blocks: Record<string, unknown>[] } };
  const { badge, heading, text } = value.blocks[0]!;
  return { badge, heading, text };
}

/** The hero as the site's main has it on the remote. */
const heroOnMain = () => {
  const page = JSON.parse(suite.site.git(suite.site.remote, "show", `main:${PET}`)) as {
    blocks: Record<string, unknown>[];
  };
  const { badge, heading, text } = page.blocks[0]!;
  return { badge, heading, text };
};

const merges = () => forge.sent.filter(({ method }) => method === "PUT");
const latestStatus = (page: Page) => page.locator(".latest-status[role=status]");

describe("two people, one page: the publisher's review, and the merge at Get latest", () => {
  it("an author publishes for review and may not merge it; a publisher reviews it in words and merges it onto main", async () => {
    // Bob and Sam save their own edits of the page first, from the site as it is now, and publish nothing.
    await saveHero(await signedIn("bob"), { Badge: BOB_BADGE });
    await saveHero(await signedIn("sam"), { Heading: SAM_HEADING });

    // Mia edits the hero's heading and text, saves, and publishes them for review: a pull request opens.
    const mia = await signedIn("mia");
    expect(await personBar(mia)).toBe("Mia Wong\nauthor");
    await saveHero(mia, { Heading: MIA.heading, Text: MIA.text });
    await mia.getByRole("link", { name: "Changes 1 (changed file)", exact: true }).click();
    await mia.getByRole("heading", { name: "Changes", level: 1 }).waitFor();
    const publish = mia.getByRole("region", { name: "Publish for review" });
    await publish.getByLabel("Summary of the change").fill(SUMMARY);
    await publish.getByRole("button", { name: "Publish for review" }).click();
    await publish.getByRole("link", { name: "Open pull request #1 (opens in a new tab)" }).waitFor();
    const [opened] = forge.pulls;
    expect(opened).toMatchObject({
      number: 1,
      title: SUMMARY,
      head: "edit/pet-insurance-hero-day-and-night",
      base: "main",
      state: "open",
    });
    expect(suite.site.git(suite.site.remote, "show", `${opened!.head}:${PET}`)).toContain(MIA.text);
    expect(opened!.body).toBe(
      [
        "Changes published from the page editor:",
        "",
        "- `/industries/pet-insurance` (changed: `site-config/pages/industries/pet-insurance.json`)",
        "",
        "Asked for by Mia Wong <mia.wong@company.com> in the team page editor.",
      ].join("\n"),
    );

    // Her editor offers no review: no Review beside her name, and its address shows her the page list.
    expect(await mia.locator(".person-bar").getByRole("link", { name: "Review" }).count()).toBe(0);
    await mia.goto(`${suite.origin}/review`);
    await mia.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
    expect(await mia.getByRole("button", { name: "Approve and merge" }).count()).toBe(0);

    // Her browser sends the merge all the same, with her session, her CSRF token and the editor's origin: refused.
    const token = await mia.locator('meta[name="editor-token"]').getAttribute("content");
    expect(token).toBeTruthy();
    const refused = await mia.request.post(`${suite.origin}/api/requests/merge`, {
      headers: { origin: suite.origin, [EDITOR_TOKEN_HEADER]: token! },
      data: { number: 1 },
    });
    const tooLow = teamAccessErrors.roleTooLow;
    expect({ status: refused.status(), body: (await refused.json()) as unknown }).toEqual({
      status: 403,
      body: {
        error: {
          code: "TEAM_ROLE_TOO_LOW",
          title: tooLow.title,
          message: messageOf(tooLow, { role: "author", needed: "publisher" }),
          hint: tooLow.hint,
        },
      },
    });
    expect(merges()).toEqual([]);
    expect(forge.pulls[0]!.state).toBe("open");

    // Pat, a publisher, finds it in his review list: its changes in words, who asked, its checks.
    const pat = await signedIn("pat");
    expect(await personBar(pat)).toBe("Pat Lee\npublisher");
    await pat.locator(".person-bar").getByRole("link", { name: "Review" }).click();
    await pat.getByRole("heading", { name: "Review requests", level: 1 }).waitFor();
    const request = pat.getByRole("article").filter({ hasText: SUMMARY });
    await request.waitFor();
    expect(await pat.getByRole("article").count()).toBe(1);
    expect(words(await request.getByRole("heading", { level: 2 }).innerText())).toBe(`${SUMMARY} #1`);
    expect(await request.getByRole("link", { name: /^#1/ }).getAttribute("href")).toBe(
      "https://github.example.test/voxa/site/pull/1",
    );
    expect(words(await request.locator("p").first().innerText())).toBe(
      "Asked for by Mia Wong (mia.wong@company.com) · Checks passing",
    );
    expect((await request.getByRole("listitem").allInnerTexts()).map(words)).toEqual([
      "/industries/pet-insurance (changed) — Industry hero › Heading; Industry hero › Text Before and after",
    ]);
    // Before and after, by the editor's own preview: the heading as the site has it beside Mia's.
    await request.getByRole("button", { name: "Before and after of /industries/pet-insurance" }).click();
    const comparison = request.getByRole("region", { name: "Before and after: /industries/pet-insurance" });
    const side = (label: string) => comparison.frameLocator(`iframe[title^="${label}"]`);
    await side("Published version").getByRole("heading", { name: BASE.heading }).waitFor();
    await side("Requested version").getByRole("heading", { name: MIA.heading }).waitFor();
    await screenshots(pat, "team-review");

    // He approves and merges it: the forge is asked once (with the service's token: it refuses any other), and main
    // has Mia's change, in a merge of her commit.
    await request.getByRole("button", { name: "Approve and merge" }).click();
    await pat
      .getByRole("status")
      .filter({ hasText: messageOf(editorReviewLines.merged, { number: 1, title: SUMMARY }) })
      .waitFor();
    await pat.getByText("No request waits for review.").waitFor();
    expect(merges().map(({ url }) => url)).toEqual(["/api/v3/repos/voxa/site/pulls/1/merge"]);
    expect(heroOnMain()).toEqual({ badge: BASE.badge, ...MIA });
    const [, mias] = suite.site.git(suite.site.remote, "log", "-1", "--format=%P", "main").trim().split(" ");
    expect(suite.site.git(suite.site.remote, "log", "-1", "--format=%an <%ae>%n%s", mias!).trim()).toBe(
      `Mia Wong <mia.wong@company.com>\n${SUMMARY}`,
    );
  });

  it("Bob's saved edit of another field and the merged request are both in his copy after Get latest", async () => {
    const bob = tabOf("bob");
    expect(await heroInCopy(bob)).toEqual({ ...BASE, badge: BOB_BADGE });
    await bob.getByRole("button", { name: "Get latest" }).click();
    const line = editorHistoryLines.merged;
    const message = messageOf(line, { count: 1, files: [PET] });
    await latestStatus(bob).filter({ hasText: message }).waitFor();
    expect(words(await latestStatus(bob).innerText())).toBe(`${line.title}. ${asSentence(message)} ${line.hint} Close`);
    expect(await heroInCopy(bob)).toEqual({ ...MIA, badge: BOB_BADGE });

    // His form shows both; what he would publish now is his own field alone.
    const form = await openHero(bob);
    expect(await form.getByLabel("Badge", { exact: true }).inputValue()).toBe(BOB_BADGE);
    expect(await form.getByLabel("Heading", { exact: true }).inputValue()).toBe(MIA.heading);
    expect(await form.getByLabel("Text", { exact: true }).inputValue()).toBe(MIA.text);
    const changes = (await (await bob.request.get(`${suite.origin}/api/changes`)).json()) as {
      changes: { file: string; fields: string[] }[];
    };
    expect(changes.changes).toEqual([expect.objectContaining({ file: PET, fields: ["Industry hero › Badge"] })]);
  });

  it("Mia's Get latest brings her merged request in: her copy has it, and nothing left to publish", async () => {
    const mia = tabOf("mia");
    await mia.getByRole("button", { name: "Get latest" }).click();
    const line = editorHistoryLines.updated;
    const message = messageOf(line, { count: 1 });
    await latestStatus(mia).filter({ hasText: line.hint }).waitFor();
    expect(words(await latestStatus(mia).innerText())).toBe(`${line.title}. ${asSentence(message)} ${line.hint} Close`);
    await mia.getByRole("link", { name: "Changes 0 (changed files)", exact: true }).waitFor();
    expect(await heroInCopy(mia)).toEqual({ badge: BASE.badge, ...MIA });
  });

  it("Sam saved the field the request changed: Get latest asks which to keep, both side by side; he keeps his and gets the rest", async () => {
    const sam = tabOf("sam");
    await sam.getByRole("button", { name: "Get latest" }).click();
    const asked = editorGitErrors.latestConflicts;
    const dialog = sam.getByRole("dialog", { name: asked.title });
    await dialog.waitFor();
    expect(await dialog.getByRole("paragraph").first().textContent()).toBe(messageOf(asked, { files: [PET] }));
    const heading = dialog.getByRole("group", { name: "Industry hero › Heading" });
    expect(await heading.locator(".merge-before").textContent()).toBe(`Before: ${BASE.heading}`);
    expect(await heading.getByRole("radio", { name: "Keep yours" }).getAttribute("aria-describedby")).toBeTruthy();
    const sides = await heading.locator(".merge-side").allInnerTexts();
    expect(sides.map(words)).toEqual([`Yours ${SAM_HEADING}`, `Theirs ${MIA.heading}`]);
    expect(await dialog.getByRole("group").count()).toBe(1);
    // Asked, not yet chosen: his copy is as he saved it.
    expect(await heroInCopy(sam)).toEqual({ ...BASE, heading: SAM_HEADING });

    await heading.getByRole("radio", { name: "Keep yours" }).check();
    await dialog.getByRole("button", { name: "Get latest with these choices" }).click();
    const message = messageOf(editorHistoryLines.merged, { count: 1, files: [PET] });
    await latestStatus(sam).filter({ hasText: message }).waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await heroInCopy(sam)).toEqual({ badge: BASE.badge, heading: SAM_HEADING, text: MIA.text });
  });
});
