import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { editAddress, requestAddress } from "../../editor/protocol.ts";
import { outlineBlock, savedStatus } from "./support/editor.ts";
import { type ScriptedGitHub, scriptedGitHub } from "./support/scripted-forge.ts";
import { newTab, signIn, teamEditorSuite } from "./support/team-editor.ts";
import { screenshots } from "./support/shots.ts";

/**
 * The editor's addresses, in `npm run edit:team` with GitHub's API scripted on this machine: Pat, a publisher, opens a
 * page by its address, goes to the Changes view and back with the browser's own Back and Forward, publishes for
 * review, opens the request's own address and reloads it; a bookmark of the editor's earlier kind (`#/changes`) opens
 * its view at its address now. Each view is the one its address names, whichever way it was reached.
 *
 * It serves no site build: run it alone with E2E_BASE_URL set to any address, which the editor's suites never open.
 * E2E_SHOTS_DIR keeps its screenshots (a request at its own address, at 390 and 1366 px).
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const PET_TITLE = "AI agents for pet insurance";
const HEADING = "Calm, caring support whenever a pet needs help";
const SUMMARY = "Pet insurance heading, whenever";

vi.setConfig({ testTimeout: 300_000 });
let forge: ScriptedGitHub;
const suite = teamEditorSuite(
  { pat: { email: "pat.lee@company.com", email_verified: true, name: "Pat Lee" } },
  { people: { "pat.lee@company.com": "publisher" }, domains: {} },
  async (site) => {
    forge = await scriptedGitHub(site);
    return forge.env;
  },
);
afterAll(() => forge?.close());

const pathOf = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 1, exact: true });

describe("the editor's addresses: each view at its own, through Back, Forward and a reload", () => {
  it("opens a page by its address, goes to Changes and back, and reloads a review request's address", async () => {
    const page = await newTab(suite);
    await signIn(suite, page, "pat");

    // A page's address, typed or bookmarked, opens that page.
    await page.goto(`${suite.origin}${editAddress(PET)}`);
    await heading(page, PET_TITLE).waitFor();
    expect(pathOf(page)).toBe("/edit/site-config/pages/industries/pet-insurance.json");
    await outlineBlock(page, "Industry hero").click();
    await page.getByLabel("Heading", { exact: true }).fill(HEADING);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await savedStatus(page);

    // The Changes view has its own address; Back returns to the page, Forward to the Changes view.
    await page.getByRole("link", { name: "Changes 1 (changed file)", exact: true }).click();
    await heading(page, "Changes").waitFor();
    expect(pathOf(page)).toBe("/changes");
    await page.goBack();
    await heading(page, PET_TITLE).waitFor();
    expect(pathOf(page)).toBe(editAddress(PET));
    await outlineBlock(page, "Industry hero").click();
    expect(await page.getByLabel("Heading", { exact: true }).inputValue()).toBe(HEADING);
    await page.goForward();
    await heading(page, "Changes").waitFor();

    // Published for review, the request has an address of its own, which a reload opens again.
    const publish = page.getByRole("region", { name: "Publish for review" });
    await publish.getByLabel("Summary of the change").fill(SUMMARY);
    await publish.getByRole("button", { name: "Publish for review" }).click();
    await publish.getByRole("link", { name: "Open pull request #1 (opens in a new tab)" }).waitFor();
    await page.goto(`${suite.origin}${requestAddress(1)}`);
    await heading(page, "Review request #1").waitFor();
    await page.getByRole("article", { name: new RegExp(SUMMARY) }).waitFor();
    await page.reload();
    await heading(page, "Review request #1").waitFor();
    await page.getByRole("article", { name: new RegExp(SUMMARY) }).waitFor();
    expect(pathOf(page)).toBe("/review/1");
    await screenshots(page, "team-review-request");

    // From there to all open requests, the page list, and Back again to the request.
    await page.getByRole("link", { name: "All open requests" }).click();
    await heading(page, "Review requests").waitFor();
    expect(pathOf(page)).toBe("/review");
    await page.getByRole("button", { name: "Pages", exact: true }).click();
    await heading(page, "Pages").waitFor();
    expect(pathOf(page)).toBe("/");
    await page.goBack();
    await page.goBack();
    await heading(page, "Review request #1").waitFor();
    expect(pathOf(page)).toBe("/review/1");

    // A bookmark of the earlier kind opens its view at its address now.
    await page.goto(`${suite.origin}/#/changes`);
    await heading(page, "Changes").waitFor();
    expect(page.url()).toBe(`${suite.origin}/changes`);
    await page.goto(`${suite.origin}/#/edit/${encodeURIComponent(PET)}`);
    await heading(page, PET_TITLE).waitFor();
    expect(page.url()).toBe(`${suite.origin}${editAddress(PET)}`);
    await page.context().close();
  });
});
