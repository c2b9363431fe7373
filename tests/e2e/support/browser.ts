import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
  chromium,
} from "playwright-core";
import { inject } from "vitest";
import { allPaths, localeOfPath } from "../../../renderer/content/pages.server.ts";
import { CHROME_FLAGS, findChromium, findHeadlessChromium } from "../../../toolchain/chromium.ts";

export const baseURL = () => inject("baseURL");

/** Every route of the site, from the page documents (the same list the prerenderer uses). */
export const ROUTES = allPaths();
/** The default locale's routes: each page once, in the language it was written in. */
export const SOURCE_ROUTES = ROUTES.filter((route) => localeOfPath(route).isDefault);

export const DESKTOP = { width: 1366, height: 900 };
export const TABLET = { width: 768, height: 1024 };
export const MOBILE = { width: 390, height: 844 };
export const NARROWEST = { width: 320, height: 640 };

let workerChromium: Promise<Browser> | undefined;

/**
 * The worker's one Chromium (its headless shell where it is installed), started by the first suite that asks and kept
 * for the next suites of the worker, for the calling suite: its contexts are its own, and closing what it was given
 * closes them and leaves the browser to the next suite. A Chromium per worker rather than one per run: the run's one
 * was driven through a server in Vitest's own process, which relayed every message of both workers (about 36 s of
 * CPU in the browser tier), where a worker's own connection hands them over in the process.
 */
export async function launch(): Promise<Browser> {
  workerChromium ??= chromium.launch({ executablePath: findHeadlessChromium().path, args: CHROME_FLAGS });
  const browser = await workerChromium;
  const made = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    made.add(context);
    context.once("close", () => made.delete(context));
    return context;
  };
  const own: Partial<Browser> = {
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    contexts: () => [...made],
    close: async () => {
      await Promise.all([...made].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get: (target, name) => {
      if (Object.hasOwn(own, name)) return own[name as keyof Browser];
      const value: unknown = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A Chromium of the suite's own, the full browser even where the run's one is the headless shell, for what only the
 * full browser has (its autofill). The caller closes it.
 */
export const launchFullChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: findChromium(), args: CHROME_FLAGS });

export interface OpenedPage {
  page: Page;
  /** Console errors, uncaught exceptions and failed or erroring requests to our own origin, in order. */
  problems: string[];
}

/** A fresh context (no shared storage) with a page that records everything that went wrong on it. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseURL(), ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  const origin = options.baseURL ?? baseURL();
  const ours = (url: string) => url.startsWith(origin);
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    // A navigation away aborts the previous page's pending requests; that is not a failure of the site.
    if (ours(request.url()) && request.failure()?.errorText !== "net::ERR_ABORTED")
      problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on("response", (response) => {
    if (ours(response.url()) && response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { page, problems };
}

/** The requests whose answer a block needs before it is live: its code, its styles, its data. */
const HYDRATION_REQUESTS = new Set(["script", "stylesheet", "fetch", "xhr"]);

/**
 * Runs `action`, then waits for what it set going to end: every script, style or data request it started answered
 * (and nothing new asked for within 100 ms, as a module that arrives may import the next), then the page's main thread
 * idle, so that the islands those scripts hydrate have rendered. Waits for the condition, not for a fixed time.
 */
export async function settledAfter(page: Page, action: () => Promise<void>): Promise<void> {
  const pending = new Set<Request>();
  const started = (request: Request) => {
    if (HYDRATION_REQUESTS.has(request.resourceType())) pending.add(request);
  };
  const ended = (request: Request) => pending.delete(request);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await action();
    let quietSince = Date.now();
    while (Date.now() - quietSince < 100) {
      if (pending.size > 0) quietSince = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
  // Capped: a page that animates without pause (a counter, a carousel) on a starved CPU may have no idle time.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
}

/**
 * Scrolls to the bottom in steps of 80 % of the window, so that every scroll-triggered block runs (its fade-in starts,
 * its island loads and hydrates), then back to the top. Each step lasts two frames, the time the browser takes to
 * tell the blocks' observers that they are in view; the scroll then waits until those blocks are live.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await settledAfter(page, () =>
    page.evaluate(async () => {
      const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight * 0.8)) {
        window.scrollTo({ top: y, behavior: "instant" });
        await twoFrames();
      }
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
      await twoFrames();
    }),
  );
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

/**
 * Sections fade in over 0.6 s once scrolled into view. Before a page is audited, fades still running are brought to
 * their end, so that axe judges the colours every visitor sees once the fade is over.
 */
export async function settleScrollFades(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll("[data-fade-in]"))
      for (const animation of element.getAnimations()) animation.finish();
  });
}

/** Loads a route and waits until React has hydrated it (no request in flight). */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "networkidle" });
}

/** What Chromium's accessibility tree reports for the first element matching `selector`. */
export async function accessibleNode(
  page: Page,
  selector: string,
): Promise<{ role: string; name: string; expanded: boolean | undefined }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const [node] = (await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false })).nodes;
    const expanded = node.properties?.find((property) => property.name === "expanded")?.value.value as
      boolean | undefined;
    return { role: String(node.role?.value), name: String(node.name?.value), expanded };
  } finally {
    await cdp.detach();
  }
}

/**
 * Holds every script that the page's entry loads once it runs (the islands runtime, the blocks' components) until
 * `release()`: the page is then as a visitor has it before any island hydrates, with the entry's plain DOM code
 * running. The entry and the modules it imports (its modulepreloads in the HTML) load as usual.
 */
export async function holdIslands(
  page: Page,
  route: string,
  base: string = baseURL(),
): Promise<{ release: () => void }> {
  const url = new URL(route, base).href;
  const html = await (await fetch(url)).text();
  const entry = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map(
    (match) => new URL(match[1], url).href,
  );
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (requested) => requested.pathname.endsWith(".js") && !entry.includes(requested.href),
    async (held) => {
      await released;
      // The test may have closed the page while the script was held.
      await held.continue().catch(() => {});
    },
  );
  return { release };
}
