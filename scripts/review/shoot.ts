/**
 * Screenshots that are the same every time the same page is shot: the site's reduced-motion mode (no fade-ins, no
 * rotating words, counters at their final figure, no carousel autoplay), every lazy image and island loaded, fonts
 * ready, the page back at the top, CSS animations and transitions stopped (Playwright's `animations: "disabled"`).
 * The two control routes of every review check that this holds.
 */
import { axeAudit } from "../measure/axe.ts";
import { type Browser, type Page, chromium } from "playwright-core";
import { CHROME_FLAGS, findChromium } from "../../toolchain/chromium.ts";

/** The widths a review shoots: a phone and a laptop. */
export const WIDTHS = [390, 1366] as const;
export type Width = (typeof WIDTHS)[number];
const HEIGHTS: Record<Width, number> = { 390: 844, 1366: 900 };
/** How long the network must be quiet before the page counts as loaded. */
const QUIET_MS = 250;

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: findChromium(), args: CHROME_FLAGS });

export interface AxeFinding {
  rule: string;
  impact: string;
  target: string;
  help: string;
}

export interface Shot {
  status: number;
  /** Serious and critical axe violations, when asked for. */
  axe: AxeFinding[];
}

/** Resolves once no request of the page has been in flight for QUIET_MS. */
function networkQuiet(page: Page): { settled: () => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on("request", () => change(1));
  page.on("requestfinished", () => change(-1));
  page.on("requestfailed", () => change(-1));
  return {
    settled: async () => {
      while (inFlight > 0 || Date.now() - lastChange < QUIET_MS) await page.waitForTimeout(50);
    },
  };
}

/** Scrolls through the page so that lazy images and islands load, waits for them, and returns to the top. */
async function settle(page: Page, network: { settled: () => Promise<void> }): Promise<void> {
  // No named function inside the page's code: tsx compiles this module keeping function names, through a helper
  // (__name) that exists in Node, not in the page.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
  await network.settled();
  await page.evaluate(async () => {
    await Promise.all(
      [...document.images]
        .filter((image) => !image.complete)
        .map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener("load", resolve);
              image.addEventListener("error", resolve);
            }),
        ),
    );
    await document.fonts.ready;
    window.scrollTo({ top: 0, behavior: "instant" });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Loads `url` at `width`, writes its full-page screenshot to `file`, and with `audit` runs axe on the page as shot
 * (serious and critical violations only: minor and moderate ones are left to the accessibility suite).
 */
export async function shoot(browser: Browser, url: string, width: Width, file: string, audit: boolean): Promise<Shot> {
  const context = await browser.newContext({
    viewport: { width, height: HEIGHTS[width] },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
  });
  try {
    const page = await context.newPage();
    const network = networkQuiet(page);
    const response = await page.goto(url, { waitUntil: "load" });
    await settle(page, network);
    await page.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide" });
    if (!audit) return { status: response?.status() ?? 0, axe: [] };
    const { violations } = await axeAudit(page).analyze();
    const axe = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .flatMap((violation) =>
        violation.nodes.map((node) => ({
          rule: violation.id,
          impact: violation.impact!,
          target: node.target.join(" "),
          help: violation.help,
        })),
      );
    return { status: response?.status() ?? 0, axe };
  } finally {
    await context.close();
  }
}
