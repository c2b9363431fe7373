/**
 * The lead form reaching an API on another origin under the Content-Security-Policy that `npm start` serves, with no
 * CSP_CONNECT_SRC: the build records the API's origin (VITE_LEAD_API_URL) and the server allows it by itself.
 *
 * It serves a site build of its own for that (site-builds.ts): the lead form's fixture page only
 * (tests/e2e/fixtures/behaviours/lead-form.json, PRERENDER_ONLY), so that a change to the site's content can neither
 * skip nor break this check, with VITE_LEAD_API_URL pointing at a lead API on a second port: another origin to the
 * browser, as `https://api.example.com` would be. That API allows the site's origin (CORS_ORIGINS), as its operator
 * would set it.
 */
import type { Browser, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningServer, startLeadServer, tempDatabase } from "../../scripts/measure/lead-server.ts";
import { type RunningSite, startSite } from "../../scripts/measure/serve.ts";
import { launch, openPage } from "./support/browser.ts";
import { type SiteBuild, removeBuild, siteBuild } from "./support/site-builds.ts";
import { fixture } from "../support/behaviour-pages.ts";
import { LEADS_ROUTE } from "../../contract/lead-api.ts";

/** The labels filled in are the block's defaults: a fixture that renames one fails here, by name. */
const { route } = fixture("lead-form", (b) => !b.labels, "the default labels");

/** The build this suite started itself (none when the global setup started it ahead, and its teardown removes it). */
let build: SiteBuild | undefined;
let api: RunningServer;
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  const ahead = inject("siteBuilds").crossOrigin;
  const built = await siteBuild("crossOrigin", ahead);
  if (!ahead) build = built;
  expect(built.outcome.status, `the site builds:\n${built.outcome.output}`).toBe(0);
  site = await startSite(built.buildDir, { ...built.env, CSP_CONNECT_SRC: undefined });
  const apiPort = Number(new URL(built.env.VITE_LEAD_API_URL).port);
  api = await startLeadServer(tempDatabase(), apiPort, { CORS_ORIGINS: site.url });
  browser = await launch();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.stop();
  if (build) removeBuild(build);
});

describe(`lead form posting to another origin (${route})`, () => {
  it("is allowed by the served CSP without CSP_CONNECT_SRC: the lead is stored (201) and nothing is blocked", async () => {
    const { page, problems } = await openPage(browser, { baseURL: site.url });
    // Recorded from the first script on, before any of the page's own code runs.
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = violations;
      document.addEventListener("securitypolicyviolation", (event) =>
        violations.push(`${event.violatedDirective} blocked ${event.blockedURI}`),
      );
    });
    const response = await page.goto(route, { waitUntil: "networkidle" });
    const policy = (await response!.allHeaders())["content-security-policy"] ?? "";
    expect(policy).toMatch(new RegExp(`connect-src 'self' ${api.url.replace(/[.]/g, "\\.")}(;|$)`));

    for (const [label, value] of Object.entries({
      "First name": "Ada",
      "Last name": "Lovelace",
      "Company email": "ada.cross-origin@insurer.example",
      "Company name": "Analytical Insurance",
    }))
      await page.getByLabel(label, { exact: false }).first().fill(value);
    const stored = page.waitForResponse(
      (answer: Response) => answer.url() === `${api.url}${LEADS_ROUTE}` && answer.request().method() === "POST",
    );
    await page.locator("form button[type=submit]").click();
    expect((await stored).status()).toBe(201);
    await page.getByText("Request Submitted Successfully!").first().waitFor({ timeout: 10_000 });

    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
