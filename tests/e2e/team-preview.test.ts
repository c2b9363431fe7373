import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page, Request, Response } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { LEADS_ROUTE } from "../../contract/lead-api.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { outlineBlock, savedStatus } from "./support/editor.ts";
import { DESKTOP } from "./support/browser.ts";
import { type ScriptedGitHub, scriptedGitHub } from "./support/scripted-forge.ts";
import { TEAM_WAIT, newTab, signIn, teamEditorSuite } from "./support/team-editor.ts";
import { screenshots } from "./support/shots.ts";

/**
 * A review request's live preview in `npm run edit:team`, in Chromium, signed in through the real OpenID Connect
 * provider, with GitHub's API scripted on this machine:
 *
 * - Mia, an author, publishes an edit of the pet insurance page's hero for review; Pat, a publisher, opens the
 *   request's review, sees its preview being built and then ready, and opens it in a new tab: the changed page shows
 *   Mia's words at the preview's own origin (`1.preview.localhost`), its header menu leads to another page and its
 *   language switcher to the German one, its lead form shows the site's success while the preview answers it (nothing
 *   reaches a lead API: every request the pages make is to the preview's own origin), every page is marked noindex
 *   (meta and X-Robots-Tag), and the preview's banner shows over it from a shadow root of an element the built page
 *   does not have;
 * - Pat makes a share link; a browser with no session opens the preview through it, and gets nothing of another
 *   request's preview nor of the editor (its pages send it to sign in, its API refuses it); once Pat revokes the link
 *   in the review, the preview refuses that browser at once;
 * - the live site's sitemap (the checkout's build/client/sitemap.xml) and the remote's main are as they were, and
 *   name no preview address.
 *
 * A share link's expiry is proven by editor/team/previews/previews.test.ts with a controlled clock: nothing here waits
 * for real time. The first preview starts from the checkout's build (build/.incremental, left by `npm run build`):
 * run `npm run build` once before running this suite alone, with E2E_BASE_URL set to any address (it opens no site
 * of the run's). E2E_SHOTS_DIR keeps its screenshots (the review's preview panel with a share link, and a preview page
 * with its banner, at 390 and 1366 px); docs/images holds the ones docs/team-editor.md shows.
 */

const PET = "/industries/pet-insurance";
const PET_TITLE = "AI agents for pet insurance";
const MIA = {
  heading: "Calm, caring support for pets, day and night",
  text: "AI agents that handle emergency claims and talk to vets about treatment, whatever the hour.",
};
const SUMMARY = "Pet insurance hero for the preview";
const ACCOUNTS = {
  mia: { email: "mia.wong@company.com", email_verified: true, name: "Mia Wong" },
  pat: { email: "pat.lee@company.com", email_verified: true, name: "Pat Lee" },
};
/** How long the first preview may take to build: an incremental build of the request's branch on a shared machine. */
const BUILD_WAIT = 240_000;

vi.setConfig({ testTimeout: 600_000 });
let forge: ScriptedGitHub;
const suite = teamEditorSuite(
  ACCOUNTS,
  { people: { "pat.lee@company.com": "publisher" }, domains: { "company.com": "author" } },
  async (site) => {
    forge = await scriptedGitHub(site);
    return { ...forge.env, EDIT_TEAM_PREVIEWS: "on" };
  },
);
afterAll(() => forge?.close());
const words = (text: string) => text.replace(/\s+/g, " ").trim();
const sitemap = () => fs.readFileSync(path.join(ROOT, "build", "client", "sitemap.xml"), "utf8");
const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** The preview's origin for request `number`: `<number>.preview.localhost` on the editor's port. */
const previewOrigin = (number: number) => `http://${number}.preview.localhost:${new URL(suite.origin).port}`;

/** Every request a tab makes, and the answers to its pages' own addresses (documents). */
function recorded(page: Page) {
  const requests: Request[] = [];
  const documents: Response[] = [];
  page.on("request", (request) => requests.push(request));
  page.on("response", (response) => {
    if (response.request().resourceType() === "document") documents.push(response);
  });
  return { requests, documents };
}

/** What a preview page must carry: a robots meta of noindex, and its banner outside the page's own DOM. */
async function expectPreviewPage(page: Page, number: number) {
  await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toMatch(/^noindex/);
  // The banner's host element is the preview's: its closed shadow root keeps its words out of the page's DOM.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll("preview-banner").length), { timeout: TEAM_WAIT })
    .toBe(1);
  expect(await page.evaluate(() => document.querySelector("preview-banner")!.shadowRoot)).toBeNull();
  expect(await page.evaluate(() => document.documentElement.textContent)).not.toContain(
    `Preview of request #${number}`,
  );
  // The page as the preview sends it (asked from the page, whose origin's names only Chromium resolves here).
  const sent = await page.evaluate(() => fetch(location.href, { cache: "no-store" }).then((answer) => answer.text()));
  expect(sent).toContain('<meta name="robots" content="noindex');
  expect(sent).not.toContain("preview-banner");
  // Chromium's own view of what is rendered, closed shadow roots included: the banner's words are read out, and its
  // bar has a box on screen.
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send("Accessibility.getFullAXTree")) as {
    nodes: { ignored: boolean; name?: { value?: unknown } }[];
  };
  const named = nodes.filter(
    (node) => !node.ignored && String(node.name?.value).startsWith(`Preview of request #${number}`),
  );
  expect(named.length, "the banner's words in the accessibility tree").toBeGreaterThan(0);
  type DomNode = { nodeName: string; backendNodeId: number; children?: DomNode[]; shadowRoots?: DomNode[] };
  const { root } = (await session.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: DomNode };
  const find = (node: DomNode): DomNode | undefined =>
    node.nodeName === "PREVIEW-BANNER"
      ? node
      : [...(node.children ?? []), ...(node.shadowRoots ?? [])].map(find).find(Boolean);
  const bar = find(root)?.shadowRoots?.[0]?.children?.[0];
  expect(bar, "the banner's bar in its host's shadow root").toBeDefined();
  const { model } = (await session.send("DOM.getBoxModel", { backendNodeId: bar!.backendNodeId })) as {
    model: { width: number; height: number; border: number[] };
  };
  expect(model.width).toBeGreaterThan(0);
  expect(model.height).toBeGreaterThan(0);
  // Its top edge is within the window: fixed at its foot, over the page.
  expect(model.border[1]).toBeLessThan(page.viewportSize()!.height);
  await session.detach();
}

/** A browser context of nobody's: no session of the editor, no preview's pass. */
async function stranger(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP });
  context.setDefaultTimeout(TEAM_WAIT);
  return context;
}

describe("a review request's live preview", () => {
  let pat: Page;
  let shareUrl = "";
  let outsider: BrowserContext;
  const sitemapBefore = digest(sitemap());
  let mainBefore = "";

  it("an author publishes an edit; the publisher sees its preview built and opens it: the page, its menu, its language, its form, noindex and the banner", async () => {
    mainBefore = suite.site.git(suite.site.remote, "rev-parse", "main").trim();
    const mia = await newTab(suite);
    await signIn(suite, mia, "mia");
    await mia.getByRole("searchbox", { name: "Search by title, path, menu or locale" }).fill("pet");
    await mia.getByRole("link", { name: PET_TITLE }).click();
    await outlineBlock(mia, "Industry hero").click();
    const hero = mia.getByRole("region", { name: "Industry hero" });
    await expect.poll(() => hero.getByLabel("Heading", { exact: true }).inputValue()).not.toBe("");
    await hero.getByLabel("Heading", { exact: true }).fill(MIA.heading);
    await hero.getByLabel("Text", { exact: true }).fill(MIA.text);
    await mia.getByRole("button", { name: "Save" }).click();
    await savedStatus(mia);
    await mia.getByRole("button", { name: "Pages", exact: true }).click();
    await mia.getByRole("link", { name: "Changes 1 (changed file)", exact: true }).click();
    const publish = mia.getByRole("region", { name: "Publish for review" });
    await publish.getByLabel("Summary of the change").fill(SUMMARY);
    await publish.getByRole("button", { name: "Publish for review" }).click();
    await publish.getByRole("link", { name: "Open pull request #1 (opens in a new tab)" }).waitFor();
    await mia.context().close();

    pat = await newTab(suite);
    await signIn(suite, pat, "pat");
    await pat.goto(`${suite.origin}/review/1`);
    const request = pat.getByRole("article").filter({ hasText: SUMMARY });
    const preview = request.getByRole("region", { name: "Preview of request #1" });
    await preview.waitFor();
    // Being built (or already built, on a fast machine), then ready: the review asks again by itself while it builds.
    await expect
      .poll(() => preview.innerText().then(words), { timeout: BUILD_WAIT, interval: 1000 })
      .toMatch(/^Preview Ready\. Built on .+ UTC/);
    expect(words(await preview.innerText())).toMatch(/rendered \d+ of \d+ pages again/);

    const open = preview.getByRole("link", { name: "Open preview of request #1 (opens in a new tab)" });
    expect(await open.getAttribute("href")).toBe("/preview/1");
    expect(await open.getAttribute("target")).toBe("_blank");
    const [tab] = await Promise.all([pat.context().waitForEvent("page"), open.click()]);
    const { requests, documents } = recorded(tab);
    await tab.waitForURL(`${previewOrigin(1)}/`);
    await tab.goto(`${previewOrigin(1)}${PET}`);
    await tab.getByRole("heading", { name: MIA.heading, level: 1 }).waitFor();
    await expect(tab.getByText(MIA.text).first().isVisible()).resolves.toBe(true);
    await expectPreviewPage(tab, 1);

    // The header's menu leads to another page of the preview, the language switcher to the page's German version.
    await tab.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Our Approach" }).click();
    await tab.waitForURL(`${previewOrigin(1)}/our-approach`);
    await expectPreviewPage(tab, 1);
    await tab.goBack();
    await tab.waitForURL(`${previewOrigin(1)}${PET}`);
    await tab.getByRole("button", { name: "Language: English" }).click();
    await tab.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Deutsch" }).click();
    await tab.waitForURL(`${previewOrigin(1)}/de/branchen/tierversicherung`);
    await expect(tab.locator("html").getAttribute("lang")).resolves.toBe("de-DE");
    await expectPreviewPage(tab, 1);

    // The lead form: the site's success, answered by the preview itself; nothing of it goes anywhere else.
    await tab.goto(`${previewOrigin(1)}/contact`);
    await expectPreviewPage(tab, 1);
    const fields = {
      "First name": "Ada",
      "Last name": "Lovelace",
      "Company email": "ada@insurer.example",
      "Company name": "Analytical Insurance",
    };
    for (const [label, value] of Object.entries(fields)) await tab.getByLabel(label).first().fill(value);
    const [lead] = await Promise.all([
      tab.waitForResponse((response) => response.url().endsWith(LEADS_ROUTE)),
      tab.locator("form button[type=submit]").click(),
    ]);
    await tab.getByText("Request Submitted Successfully!").first().waitFor();
    expect(lead.url()).toBe(`${previewOrigin(1)}${LEADS_ROUTE}`);
    expect(lead.headers()["x-preview-lead"]).toBe("not sent");

    // The way in through the editor's /preview/1 is the one request to another origin.
    const elsewhere = requests
      .map((sent) => sent.url())
      .filter((url) => !url.startsWith("data:") && new URL(url).origin !== previewOrigin(1));
    expect(elsewhere.filter((url) => url !== `${suite.origin}/preview/1`)).toEqual([]);
    const pages = documents.filter((answer) => answer.status() === 200);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const answer of pages) expect(answer.headers()["x-robots-tag"], answer.url()).toMatch(/^noindex/);

    await tab.goto(`${previewOrigin(1)}${PET}`);
    await tab.getByRole("heading", { name: MIA.heading, level: 1 }).waitFor();
    await screenshots(tab, "preview-page");
  });

  it("the publisher makes a share link; a browser with no session opens the preview through it and nothing else", async () => {
    const request = pat.getByRole("article").filter({ hasText: SUMMARY });
    const preview = request.getByRole("region", { name: "Preview of request #1" });
    const share = preview.getByRole("button", { name: "Share preview…" });
    await share.click();
    expect(await share.getAttribute("aria-expanded")).toBe("true");
    await preview.getByLabel("Link lasts").selectOption("3");
    await preview.getByRole("button", { name: "Make share link" }).click();
    const link = preview.getByRole("textbox", { name: "Share link" });
    await link.waitFor();
    // The field takes the focus, its text selected, ready to copy.
    await expect.poll(() => link.evaluate((field) => field === document.activeElement)).toBe(true);
    shareUrl = await link.inputValue();
    expect(shareUrl).toMatch(new RegExp(`^${previewOrigin(1).replaceAll(".", "\\.")}/\\.preview/share/`));
    expect(words(await preview.getByRole("status").first().innerText())).toMatch(
      /^Share link made\. Anyone with this link can read the preview until .+ UTC\. Copy it now/,
    );
    const listed = preview.getByRole("list", { name: "Share links of request #1" }).getByRole("listitem");
    await expect.poll(() => listed.count()).toBe(1);
    expect(words(await listed.first().innerText())).toMatch(
      /^Active made by pat\.lee@company\.com on .+ UTC, opens the preview until .+ UTC Revoke…$/,
    );
    await screenshots(pat, "preview-review");

    outsider = await stranger(suite.browser);
    const page = await outsider.newPage();
    const { requests } = recorded(page);
    await page.goto(shareUrl);
    await page.waitForURL(`${previewOrigin(1)}/`);
    await page.goto(`${previewOrigin(1)}${PET}`);
    await page.getByRole("heading", { name: MIA.heading, level: 1 }).waitFor();
    await expectPreviewPage(page, 1);
    expect(requests.filter((sent) => new URL(sent.url()).origin !== previewOrigin(1))).toEqual([]);

    // Another request's preview: private to it.
    const other = await page.goto(`${previewOrigin(2)}/`);
    expect(other!.status()).toBe(401);
    expect(other!.headers()["x-robots-tag"]).toMatch(/^noindex/);
    await expect(page.getByRole("heading", { name: MIA.heading }).count()).resolves.toBe(0);
    // The editor's pages send it to sign in; its API and its way into a preview refuse it.
    await page.goto(`${suite.origin}/review/1`);
    await page.getByRole("heading", { name: "Sign in to the page editor", level: 1 }).waitFor();
    for (const address of ["/api/requests", "/api/previews/status?number=1", "/api/previews/shares?number=1"]) {
      const answer = await outsider.request.get(`${suite.origin}${address}`, { maxRedirects: 0 });
      expect(answer.status(), address).toBe(401);
    }
    const entry = await outsider.request.get(`${suite.origin}/preview/1`, { maxRedirects: 0 });
    expect(entry.headers()["location"] ?? "").not.toContain("preview.localhost");
  });

  it("once the publisher revokes the link, the preview refuses it at once; the live site's sitemap and main are as they were", async () => {
    const preview = pat
      .getByRole("article")
      .filter({ hasText: SUMMARY })
      .getByRole("region", { name: "Preview of request #1" });
    await preview.getByRole("button", { name: /^Revoke the link pat\.lee@company\.com made/ }).click();
    const dialog = pat.getByRole("dialog", { name: "Revoke this share link?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Revoke link" }).click();
    await dialog.waitFor({ state: "hidden" });
    const list = preview.getByRole("list", { name: "Share links of request #1" });
    await expect.poll(() => list.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(words(await list.getByRole("listitem").first().innerText())).toMatch(
      /^Revoked made by pat\.lee@company\.com on .+ UTC, revoked by pat\.lee@company\.com on .+ UTC$/,
    );
    expect(words(await preview.getByRole("status").first().innerText())).toMatch(/^Share link revoked\./);

    const page = outsider.pages()[0]!;
    const again = await page.goto(`${previewOrigin(1)}${PET}`);
    expect(again!.status()).toBe(401);
    await expect(page.getByRole("heading", { name: MIA.heading }).count()).resolves.toBe(0);
    const reopened = await page.goto(shareUrl);
    expect(reopened!.status()).toBe(401);
    await outsider.close();

    const map = sitemap();
    expect(digest(map)).toBe(sitemapBefore);
    expect(map).not.toContain("preview");
    expect(suite.site.git(suite.site.remote, "rev-parse", "main").trim()).toBe(mainBefore);
    expect(
      suite.site.git(suite.site.remote, "show", "main:site-config/pages/industries/pet-insurance.json"),
    ).not.toContain(MIA.heading);
  });
});
