import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSite } from "../../scripts/measure/serve.ts";
import { launch, openPage, visit } from "./support/browser.ts";
import { serveBehavioursBuild } from "./support/behaviours-site.ts";
import { fixture } from "../support/behaviour-pages.ts";
import { LEAD_API_PREFIX, LEADS_ROUTE, TOKEN_ROUTE } from "../../contract/lead-api.ts";

/**
 * The lead form end to end: a page of the suite's own (tests/e2e/fixtures/behaviours/lead-form.json, the contact
 * page's form, served from the behaviours build so that a change to the site's content can neither skip nor break
 * these checks), the real `/api` of `npm start`, and a few answers forced with page.route.
 */

let browser: Browser;
let site: RunningSite;
beforeAll(async () => {
  browser = await launch();
  site = await serveBehavioursBuild();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The labels the suite fills in are the block's defaults: a fixture that renames one fails here, by name. */
const { route } = fixture("lead-form", (b) => !b.labels, "the default labels");
/** The browser context's options for the fixture pages' site. */
const onFixtures = () => ({ baseURL: site.url });

const REQUIRED = {
  "First name": "Ada",
  "Last name": "Lovelace",
  "Company email": "ada@insurer.example",
  "Company name": "Analytical Insurance",
};

async function fillRequired(page: Page) {
  for (const [label, value] of Object.entries(REQUIRED))
    await page.getByLabel(label, { exact: false }).first().fill(value);
}

const submit = (page: Page) => page.locator("form button[type=submit]");

describe(`lead form (${route})`, () => {
  it("sends a lead with a token, shows 'Submitting...' with every field disabled, then the success banner and an empty form", async () => {
    const { page, problems } = await openPage(browser, onFixtures());
    const calls: Request[] = [];
    page.on("request", (request) => request.url().includes(`${LEAD_API_PREFIX}/`) && calls.push(request));
    // Held briefly, so that the loading state can be seen.
    await page.route(`**${LEADS_ROUTE}`, async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await r.continue();
    });
    await visit(page, route);
    await fillRequired(page);
    await page.getByLabel("How can we help?").fill("Out-of-hours FNOL calls");
    await submit(page).click();
    await page.getByText("Submitting...").first().waitFor({ timeout: 3000 });
    expect(
      await page
        .locator("form input:not([name=leave_empty]), form select, form textarea")
        .evaluateAll((els) => els.every((el) => (el as HTMLInputElement).disabled)),
    ).toBe(true);
    await expect(submit(page).isDisabled()).resolves.toBe(true);

    await page.getByText("Request Submitted Successfully!").first().waitFor({ timeout: 10_000 });
    expect(await page.getByLabel("First name").first().inputValue()).toBe("");

    const token = calls.find((c) => c.url().endsWith(TOKEN_ROUTE));
    const lead = calls.find((c) => c.url().endsWith(LEADS_ROUTE));
    expect(token?.method()).toBe("POST");
    expect(lead?.method()).toBe("POST");
    const body = lead!.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      companyEmail: "ada@insurer.example",
      companyName: "Analytical Insurance",
      comment: "Out-of-hours FNOL calls",
    });
    for (const optional of ["jobTitle", "companyWebsite", "phone", "industry"])
      expect(body, `${optional} is omitted when empty`).not.toHaveProperty(optional);
    const issued = (await (await token!.response())!.json()) as { data: { token: string } };
    expect(Object.values(await lead!.allHeaders())).toContain(issued.data.token);
    const cached = await page.evaluate(() => localStorage.getItem("voxa.leadToken"));
    expect(cached).toContain(issued.data.token);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("keeps what is typed before the form is live, holds the click on Submit, and sends the lead once live", async () => {
    const { page, problems } = await openPage(browser, onFixtures());
    const calls: Request[] = [];
    page.on("request", (request) => request.url().includes(`${LEAD_API_PREFIX}/`) && calls.push(request));
    // The form's code arrives a second late, as on a slow connection: the visitor starts typing before that.
    await page.route("**/assets/LeadForm-*.js", async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await r.continue();
    });
    await page.goto(route, { waitUntil: "load" });
    await page.getByLabel("First name").first().pressSequentially("Ada");
    const formIsLive = () =>
      page.evaluate(() => {
        const island = document.querySelector("[data-island=lead-form]");
        return Boolean(island && Object.keys(island).some((key) => key.startsWith("__reactContainer")));
      });
    expect(await formIsLive()).toBe(false);
    for (const [label, value] of Object.entries(REQUIRED).slice(1))
      await page.getByLabel(label, { exact: false }).first().pressSequentially(value);
    await submit(page).click();

    await page.getByText("Request Submitted Successfully!").first().waitFor({ timeout: 10_000 });
    const lead = calls.find((c) => c.url().endsWith(LEADS_ROUTE));
    expect(lead?.postDataJSON()).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      companyEmail: "ada@insurer.example",
      companyName: "Analytical Insurance",
    });
    expect(calls.filter((c) => c.url().endsWith(LEADS_ROUTE))).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("reuses the cached token for a second lead", async () => {
    const { page } = await openPage(browser, onFixtures());
    const calls: string[] = [];
    page.on(
      "request",
      (request) => request.url().includes(`${LEAD_API_PREFIX}/`) && calls.push(new URL(request.url()).pathname),
    );
    await visit(page, route);
    for (let i = 0; i < 2; i++) {
      await fillRequired(page);
      await submit(page).click();
      await page.getByText("Request Submitted Successfully!").first().waitFor({ timeout: 10_000 });
    }
    expect(calls).toEqual([TOKEN_ROUTE, LEADS_ROUTE, LEADS_ROUTE]);
    await page.context().close();
  });

  it("lets the browser refuse a form with a required field empty, and sends nothing", async () => {
    const { page } = await openPage(browser, onFixtures());
    const calls: string[] = [];
    page.on("request", (request) => request.url().includes(`${LEAD_API_PREFIX}/`) && calls.push(request.url()));
    await visit(page, route);
    await submit(page).click();
    expect(
      await page
        .getByLabel("First name")
        .first()
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    expect(await page.getByLabel("Company email").first().getAttribute("type")).toBe("email");
    expect(await page.getByLabel("Company website").first().getAttribute("type")).toBe("url");
    expect(await page.getByLabel("Phone").first().getAttribute("type")).toBe("tel");
    expect(calls).toEqual([]);
    await page.context().close();
  });

  it.each([
    [500, "Our servers are experiencing issues. Please try again in a few moments."],
    [400, "Please check your information and try again."],
  ])("shows the catalogue's banner and the failure toast when the lead call answers %i", async (status, message) => {
    const { page } = await openPage(browser, onFixtures());
    await page.route(`**${LEADS_ROUTE}`, (r) =>
      r.fulfill({ status, contentType: "application/json", body: JSON.stringify({ success: false, message: "x" }) }),
    );
    await visit(page, route);
    await fillRequired(page);
    await submit(page).click();
    await page.getByText(message).first().waitFor({ timeout: 10_000 });
    await page.getByText("Submission Failed").first().waitFor({ timeout: 3000 });
    expect(
      await page.getByLabel("First name").first().inputValue(),
      "the visitor's input is kept after a failure",
    ).toBe("Ada");
    await page.context().close();
  });

  it("shows the network error banner when the API cannot be reached", async () => {
    const { page } = await openPage(browser, onFixtures());
    await page.route("**/api/**", (r) => r.abort("connectionrefused"));
    await visit(page, route);
    await fillRequired(page);
    await submit(page).click();
    await page
      .getByText("Unable to connect to our servers. Please check your internet connection and try again.")
      .first()
      .waitFor({ timeout: 10_000 });
    await page.context().close();
  });

  it("can be filled in and sent with the keyboard alone, with focus visible on every field", async () => {
    const { page } = await openPage(browser, onFixtures());
    await visit(page, route);
    await page.getByLabel("First name").first().focus();
    const unfocusable: string[] = [];
    for (let i = 0; i < 12; i++) {
      const state = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const look = () => {
          const style = getComputedStyle(el);
          return [style.outlineStyle, style.outlineWidth, style.boxShadow, style.borderColor].join("|");
        };
        // Focus is visible when the focused look differs from the resting one.
        const focused = look();
        el.blur();
        const resting = look();
        el.focus();
        return {
          name: el.getAttribute("name") ?? el.tagName,
          inForm: Boolean(el.closest("form")),
          ring: focused !== resting,
          submit: el.getAttribute("type") === "submit",
        };
      });
      if (!state.inForm || state.submit) break;
      if (!state.ring) unfocusable.push(state.name);
      await page.keyboard.press("Tab");
    }
    expect(unfocusable).toEqual([]);
    await page.getByLabel("First name").first().focus();
    for (const value of Object.values(REQUIRED)) {
      await page.keyboard.type(value);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await page.getByText("Request Submitted Successfully!").first().waitFor({ timeout: 10_000 });
    await page.context().close();
  });
});
