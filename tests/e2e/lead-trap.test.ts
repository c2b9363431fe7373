import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { RunningSite } from "../../scripts/measure/serve.ts";
import { launch, launchFullChromium, openPage, visit } from "./support/browser.ts";
import { serveBehavioursBuild } from "./support/behaviours-site.ts";
import { fixture } from "../support/behaviour-pages.ts";
import { LEADS_ROUTE } from "../../contract/lead-api.ts";

/**
 * The form's trap for bots (`leave_empty`) against Chromium's own autofill: an address profile filled through the
 * browser's autofill engine (DevTools' Autofill.trigger runs the same field classification and filling as a saved
 * profile chosen from the dropdown) fills the visitor's fields and never the trap. The form is on a page of the suite's
 * own (tests/e2e/fixtures/behaviours/lead-form.json, served from the behaviours build), so that a change to the site's
 * content can neither skip nor break these checks.
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

const { route } = fixture("lead-form", () => true, "the form's fields");
/** The browser context's options for the fixture pages' site. */
const onFixtures = () => ({ baseURL: site.url });
const TRAP = "form input[name=leave_empty]";

/** Every kind of value an address profile holds, so that nothing the trap could be mistaken for is missing. */
const PROFILE = {
  NAME_FIRST: "Ada",
  NAME_LAST: "Lovelace",
  NAME_FULL: "Ada Lovelace",
  EMAIL_ADDRESS: "ada@insurer.example",
  COMPANY_NAME: "Analytical Insurance",
  PHONE_HOME_WHOLE_NUMBER: "+442079460000",
  ADDRESS_HOME_LINE1: "12 St James's Square",
  ADDRESS_HOME_STREET_ADDRESS: "12 St James's Square",
  ADDRESS_HOME_CITY: "London",
  ADDRESS_HOME_ZIP: "SW1Y 4LB",
  ADDRESS_HOME_COUNTRY: "GB",
};

async function autofill(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const filled = new Promise<{ name: string; autofillType: string; value: string }[]>((resolve) =>
    cdp.on("Autofill.addressFormFilled", (event) => resolve(event.filledFields)),
  );
  await cdp.send("Autofill.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", {
    nodeId: root.nodeId,
    selector: "form input[name=firstName]",
  });
  const { node } = await cdp.send("DOM.describeNode", { nodeId });
  await cdp.send("Autofill.trigger", {
    fieldId: node.backendNodeId,
    address: { fields: Object.entries(PROFILE).map(([name, value]) => ({ name, value })) },
  });
  return filled;
}

/**
 * Autofill's answer once it filled something: Chromium classifies a form's fields a moment after the page loads, and
 * asked before that it answers with every field left empty. Asked again for up to about three seconds.
 */
async function autofillOnceReady(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const fields = await autofill(page);
    if (fields.some((field) => field.value !== "") || attempt === 6) return fields;
    await page.waitForTimeout(500);
  }
}

describe(`the lead form's trap (${route})`, () => {
  it("is not filled by Chromium's autofill, which fills the visitor's fields; the lead goes out without it", async () => {
    // Autofill is the full browser's: the run's one may be the headless shell.
    const fullChromium = await launchFullChromium();
    onTestFinished(() => fullChromium.close());
    const { page } = await openPage(fullChromium, onFixtures());
    await visit(page, route);
    const filledFields = await autofillOnceReady(page);

    // The event lists every field of the form with the type autofill gave it; only typed fields get a value.
    const filled = filledFields.filter((field) => field.value !== "").map((field) => field.name);
    expect(filled).toEqual(expect.arrayContaining(["firstName", "lastName", "companyEmail", "companyName", "phone"]));
    expect(filled).not.toContain("leave_empty");
    expect(filledFields.find((field) => field.name === "leave_empty")?.autofillType ?? "").toBe("");
    expect(await page.locator("form input[name=firstName]").inputValue()).toBe("Ada");
    expect(await page.locator("form input[name=companyEmail]").inputValue()).toBe("ada@insurer.example");
    expect(await page.locator(TRAP).inputValue()).toBe("");

    const lead = page.waitForRequest((request) => request.url().endsWith(LEADS_ROUTE));
    const answered = page.waitForResponse((response) => response.url().endsWith(LEADS_ROUTE));
    await page.locator("form button[type=submit]").click();
    expect(Object.keys(JSON.parse((await lead).postData() ?? "{}"))).not.toContain("leave_empty");
    expect((await answered).status()).toBe(201);
    await page.context().close();
  });

  it("offers autofill nothing to go on, and neither people nor the keyboard can reach it", async () => {
    const { page } = await openPage(browser, onFixtures());
    await visit(page, route);
    const trap = page.locator(TRAP);
    expect(await trap.getAttribute("autocomplete")).toBe("off");
    expect(await trap.isVisible()).toBe(false);
    expect(await trap.evaluate((el) => el.checkVisibility({ visibilityProperty: true }))).toBe(false);
    expect(await page.getByRole("textbox", { name: /leave this empty/i }).count()).toBe(0);
    // Focusing it, even from script, leaves focus where it was.
    expect(
      await trap.evaluate((el: HTMLInputElement) => {
        el.focus();
        return document.activeElement === el;
      }),
    ).toBe(false);
    // Tabbing through the whole form never lands on it.
    await page.locator("form input[name=firstName]").focus();
    const reached: string[] = [];
    for (let i = 0; i < 12; i++) {
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute("name") ?? ""));
      await page.keyboard.press("Tab");
    }
    expect(reached).not.toContain("leave_empty");
    expect(reached).toEqual(expect.arrayContaining(["firstName", "lastName", "companyEmail", "comment"]));
    await page.context().close();
  });

  it("still catches a bot that fills every input: the submission is answered like any lead (and kept in quarantine)", async () => {
    const { page } = await openPage(browser, onFixtures());
    await visit(page, route);
    await page.evaluate(() => {
      for (const input of document.querySelectorAll<HTMLInputElement>("form input")) {
        input.value =
          input.type === "email" ? "bot@spam.example" : input.type === "url" ? "https://spam.example" : "spam";
      }
      document.querySelector<HTMLInputElement>("form input[type=tel]")!.value = "+1 555 0100";
    });
    const lead = page.waitForRequest((request) => request.url().endsWith(LEADS_ROUTE));
    const answered = page.waitForResponse((response) => response.url().endsWith(LEADS_ROUTE));
    await page.locator("form button[type=submit]").click();
    expect(JSON.parse((await lead).postData() ?? "{}")).toMatchObject({ leave_empty: "spam" });
    expect((await answered).status()).toBe(201);
    await page.getByText("Request Submitted Successfully!").first().waitFor({ timeout: 10_000 });
    await page.context().close();
  });
});
