/**
 * The project's one axe audit (scripts/measure/axe.ts) runs in a single pass, without the blank page of axe's default:
 * this shows that it still reports what it must, in the page and in a same-origin frame, as the editor's previews are.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { baseURL, launch, openPage } from "./support/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Audit</title></head><body><main>${body}</main></body></html>`;

describe("axeAudit", () => {
  it("reports violations in the page and in a same-origin frame, and lists what passed by one element a rule", async () => {
    const { page } = await openPage(browser);
    await page.route(`${baseURL()}/audit-fixture/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: route.request().url().endsWith("/frame")
          ? html(`<p style="color:#bbb;background:#fff">Pale words on white</p>`)
          : html(
              `<h1>Audit</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><iframe title="Preview" src="frame"></iframe>`,
            ),
      }),
    );
    await page.goto("/audit-fixture/page");
    await page.frameLocator("iframe").getByText("Pale words").waitFor();

    const results = await axeAudit(page).analyze();
    const found = results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`),
    );
    expect(found).toEqual(expect.arrayContaining(["image-alt: img", "color-contrast: iframe p"]));
    // What passed is summed up by one node a rule, not listed element by element.
    expect(results.passes.filter((rule) => rule.nodes.length > 1)).toEqual([]);
    await page.context().close();
  });
});
