import type { Browser, Page } from "playwright-core";
import { catalogueError, firstInputErrors } from "../../contract/errors.ts";

/**
 * The visitor's first input on a page, timed as Interaction to Next Paint counts it: from `pointerdown` to the first
 * frame that shows the answer (a menu open, a card flipped, the carousel moved). The CPU is slowed 4× (DevTools'
 * "mid-tier mobile"); the page is loaded, scrolled to the control when it is below the fold, left idle one second,
 * then tapped (mobile) or clicked (desktop) once.
 */
export const CPU_SLOWDOWN = 4;
export const IDLE_BEFORE_INPUT_MS = 1000;
/** The "good" bound of Interaction to Next Paint. */
export const GOAL_MS = 200;

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/** What shows that the page answered, checked at every frame after the input. */
export type Answer =
  | { visible: string }
  | { attribute: string; name: string; value: string }
  /** The element's inline `transform` differs from what it was before the input. */
  | { moved: string };

export interface FirstInputRow {
  name: string;
  path: string;
  viewport: "mobile" | "desktop";
  /**
   * The control the visitor taps, as a role and accessible name (exact, or a pattern), inside `within` if given; or as
   * a selector, for a control whose role Playwright does not compute (a disclosure's <summary>).
   */
  control: { role: "button"; name: string | RegExp; within?: string } | { selector: string };
  answer: (page: Page) => Promise<Answer>;
}

const controlledBy = async (page: Page, selector: string): Promise<Answer> => {
  const button = page.locator(selector).first();
  const id = (await button.getAttribute("popovertarget")) ?? (await button.getAttribute("aria-controls"));
  return { visible: `[id="${id}"]` };
};

export const ROWS: FirstInputRow[] = [
  {
    name: "/ at 390 px: open the mobile menu",
    path: "/",
    viewport: "mobile",
    control: { role: "button", name: "Open menu" },
    answer: async () => ({ visible: "#mobile-menu" }),
  },
  {
    name: "/ at 1366 px: open the Product menu",
    path: "/",
    viewport: "desktop",
    control: { role: "button", name: "Product", within: "nav[aria-label=Main]" },
    answer: (page) => controlledBy(page, "nav[aria-label=Main] button:has-text('Product')"),
  },
  {
    name: "/industries/pet-insurance at 390 px: open the mobile menu",
    path: "/industries/pet-insurance",
    viewport: "mobile",
    control: { role: "button", name: "Open menu" },
    answer: async () => ({ visible: "#mobile-menu" }),
  },
  {
    name: '/ at 390 px: "Discover More Use Cases"',
    path: "/",
    viewport: "mobile",
    control: { selector: "#use-cases details > summary" },
    answer: async () => ({ visible: "#use-cases ul > li:nth-child(4)" }),
  },
  {
    name: "/ at 390 px: flip a role card",
    path: "/",
    viewport: "mobile",
    control: { role: "button", name: /^Key capabilities/, within: "#roles" },
    answer: async () => ({ attribute: "#roles li:first-child [aria-expanded]", name: "aria-expanded", value: "true" }),
  },
  {
    name: "/chat-agents at 1366 px: the carousel's Next button",
    path: "/chat-agents",
    viewport: "desktop",
    control: { role: "button", name: "Next conversation", within: "#examples" },
    answer: async () => ({ moved: "#examples [data-testid=carousel-track]" }),
  },
  {
    name: "/chat-agents at 390 px: the carousel's Next button",
    path: "/chat-agents",
    viewport: "mobile",
    control: { role: "button", name: "Next conversation", within: "#examples" },
    answer: async () => ({ moved: "#examples [data-testid=carousel-track]" }),
  },
];

declare global {
  interface Window {
    __firstInput?: Promise<number>;
  }
}

/** Measures one first input in a fresh browser context; resolves to milliseconds (NaN if no answer within 10 s). */
export async function measureFirstInput(browser: Browser, baseURL: string, row: FirstInputRow): Promise<number> {
  const mobile = row.viewport === "mobile";
  const context = await browser.newContext({
    baseURL,
    viewport: mobile ? MOBILE : DESKTOP,
    isMobile: mobile,
    hasTouch: mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(row.path, { waitUntil: "load" });
    const wanted = row.control;
    const control =
      "selector" in wanted
        ? page.locator(wanted.selector).first()
        : (wanted.within ? page.locator(wanted.within) : page)
            .getByRole(wanted.role, { name: wanted.name, exact: true })
            .first();
    // A control below the fold is reached the way a visitor reaches it: by scrolling (which is input too).
    if (await control.evaluate((el) => el.getBoundingClientRect().bottom > window.innerHeight)) {
      await control.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
    }
    await page.waitForTimeout(IDLE_BEFORE_INPUT_MS);
    const answer = await row.answer(page);
    // A string, not a function: the script runner's transform would otherwise wrap the inner functions in helpers
    // that do not exist in the page.
    await page.evaluate(`(() => {
      const answer = ${JSON.stringify(answer)};
      const element = () => document.querySelector(answer.visible ?? answer.attribute ?? answer.moved);
      const before = answer.moved ? element()?.style.transform : undefined;
      const answered = () =>
        answer.visible ? element()?.checkVisibility() === true
        : answer.attribute ? element()?.getAttribute(answer.name) === answer.value
        : element()?.style.transform !== before;
      window.__firstInput = new Promise((resolve) => {
        window.addEventListener("pointerdown", (event) => {
          const start = event.timeStamp;
          const deadline = setTimeout(() => resolve(NaN), 10000);
          const frame = () => {
            if (!answered()) return requestAnimationFrame(frame);
            clearTimeout(deadline);
            resolve(performance.now() - start);
          };
          requestAnimationFrame(frame);
        }, { capture: true, once: true, passive: true });
      });
    })()`);
    const box = await control.boundingBox();
    if (!box) throw catalogueError(firstInputErrors.controlOffScreen, { row: row.name });
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (mobile) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    return await page.evaluate(() => window.__firstInput!);
  } finally {
    await context.close();
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
