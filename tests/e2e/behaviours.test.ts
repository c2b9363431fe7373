import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSite } from "../../scripts/measure/serve.ts";
import { DESKTOP, MOBILE, accessibleNode, holdIslands, launch, openPage, visit } from "./support/browser.ts";
import { serveBehavioursBuild } from "./support/behaviours-site.ts";
import { fixture, fixturePage } from "../support/behaviour-pages.ts";

/**
 * The spec's behaviours as a visitor sees them in a real browser. Each block's suite runs on a page of its own, and so
 * do the sections' fade-in and reduced motion (tests/e2e/fixtures/behaviours/, built with the site's chrome and served
 * apart: site-builds.ts), so that a change to the site's content can neither skip nor break these checks. A fixture
 * that no longer shows what its suite checks fails here, by name.
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

/** The browser context's options for the fixture pages' site. */
const onFixtures = () => ({ baseURL: site.url });

/**
 * The page's clock, installed before it loads (`page.clock.install()`) and running as usual until then, stopped where it
 * is: from then on the page's timers, animation frames and `performance.now()` move only as `page.clock.runFor` moves
 * them, so a test steps through the spec's intervals exactly, in no time, and a busy machine cannot make a page miss
 * them.
 */
async function stopClock(page: Page) {
  // The page's clock runs on while the call travels: on a busy machine the moment aimed at can be past when it
  // arrives, which Playwright refuses ("Cannot fast-forward to the past"). Aimed at again from the page's new time,
  // a little further each time, so that the page still stops within a fraction of a second of where it was.
  for (let ahead = 50; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead >= 800 || !String(error).includes("Cannot fast-forward to the past")) throw error;
    }
  }
}

const sectionWithHeading = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) }).first();

const hero = fixture("hero", (b) => (b.rotatingWords?.length ?? 0) > 2, "three rotating words or more");
describe(`hero rotation (${hero.route})`, () => {
  const currentWord = (page: Page) => page.locator("[data-testid=rotating-words] [data-word=current]").textContent();

  const interval = hero.block.rotationIntervalMs ?? 2000;

  it("shows the next word every rotation interval, in the configured order", async () => {
    const { page, problems } = await openPage(browser, onFixtures());
    await page.clock.install();
    await visit(page, hero.route);
    await stopClock(page);
    const words = hero.block.rotatingWords!;
    expect(await currentWord(page)).toBe(words[0]);
    await page.clock.runFor(interval);
    expect(await currentWord(page)).toBe(words[1]);
    await page.clock.runFor(interval);
    expect(await currentWord(page)).toBe(words[2]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("stands still for visitors who prefer reduced motion", async () => {
    const { page } = await openPage(browser, { ...onFixtures(), reducedMotion: "reduce" });
    await page.clock.install();
    await visit(page, hero.route);
    await stopClock(page);
    await page.clock.runFor(interval * 3);
    expect(await currentWord(page)).toBe(hero.block.rotatingWords![0]);
    await page.context().close();
  });
});

const stats = fixture("stats", (b) => b.animate !== false && Boolean(b.heading), "a heading and counters that animate");
describe(`counters (${stats.route})`, () => {
  const figures = (page: Page) =>
    sectionWithHeading(page, stats.block.heading!)
      .locator("li")
      .evaluateAll((items) => items.map((li) => li.querySelector("p")?.textContent?.trim() ?? ""));

  it("count up from zero once scrolled into view and stop on their targets", async () => {
    const { page } = await openPage(browser, onFixtures());
    await page.clock.install();
    await visit(page, stats.route);
    await stopClock(page);
    const section = sectionWithHeading(page, stats.block.heading!);
    await section.scrollIntoViewIfNeeded();
    const seen = new Set<string>();
    for (let t = 0; t < 30; t++) {
      (await figures(page)).forEach((figure) => seen.add(figure));
      await page.clock.runFor(100);
    }
    const final = await figures(page);
    stats.block.stats.forEach((stat, index) => {
      if (stat.value !== undefined) expect(final[index]).toContain(stat.value.toFixed(stat.decimals ?? 0));
    });
    expect(seen.size, "intermediate values were shown while counting").toBeGreaterThan(final.length);
    await page.context().close();
  });

  it("show their targets at once when motion is reduced", async () => {
    const { page } = await openPage(browser, { ...onFixtures(), reducedMotion: "reduce" });
    await visit(page, stats.route);
    await sectionWithHeading(page, stats.block.heading!).scrollIntoViewIfNeeded();
    const final = await figures(page);
    stats.block.stats.forEach((stat, index) => {
      if (stat.value !== undefined) expect(final[index]).toContain(stat.value.toFixed(stat.decimals ?? 0));
    });
    await page.context().close();
  });
});

const flips = fixture(
  "flip-cards",
  (b) => b.cards.length > (b.initialVisible ?? 3) && Boolean(b.id),
  "an id and more cards than it shows at first",
);
describe(`use-case flip cards (${flips.route})`, () => {
  /** The disclosure's <summary> (a native disclosure: Chromium reports it as a button-like disclosure triangle). */
  const toggle = (page: Page) => page.locator(`#${flips.block.id} details > summary`);
  const visibleCards = (page: Page) =>
    page
      .locator(`#${flips.block.id} ul`)
      .first()
      .locator("> li")
      .evaluateAll((cards) => cards.filter((c) => c.checkVisibility()).length);
  const summaryState = (page: Page) => accessibleNode(page, `#${flips.block.id} details > summary`);

  it("show 3, expand to all with 'Discover More Use Cases', collapse with 'Show Less'", async () => {
    const { page, problems } = await openPage(browser, onFixtures());
    await visit(page, flips.route);
    await toggle(page).scrollIntoViewIfNeeded();
    const list = await toggle(page).getAttribute("aria-controls");
    expect(await page.locator(`[id="${list}"]`).evaluate((el) => el.tagName)).toBe("UL");
    expect(await visibleCards(page)).toBe(flips.block.initialVisible ?? 3);
    expect(await summaryState(page)).toMatchObject({ name: "Discover More Use Cases", expanded: false });
    await toggle(page).click();
    expect(await summaryState(page)).toMatchObject({ name: "Show Less", expanded: true });
    expect(await visibleCards(page)).toBe(flips.block.cards.length);
    await toggle(page).click();
    expect(await summaryState(page)).toMatchObject({ name: "Discover More Use Cases", expanded: false });
    expect(await visibleCards(page)).toBe(flips.block.initialVisible ?? 3);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("'Discover More Use Cases' works with no script at all, from the keyboard, and focus stays on it", async () => {
    const { page } = await openPage(browser, { ...onFixtures(), javaScriptEnabled: false });
    await page.goto(flips.route);
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    expect(await visibleCards(page)).toBe(flips.block.cards.length);
    expect(await summaryState(page)).toMatchObject({ name: "Show Less", expanded: true });
    expect(await toggle(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press(" ");
    expect(await visibleCards(page)).toBe(flips.block.initialVisible ?? 3);
    expect(await summaryState(page)).toMatchObject({ name: "Discover More Use Cases", expanded: false });
    expect(await toggle(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("a card flips once on click or with the keyboard, and stays flipped", async () => {
    const { page } = await openPage(browser, onFixtures());
    await visit(page, flips.route);
    // Found by name once, then by the back face it controls: once flipped, the front leaves the accessibility tree.
    const flipButton = async (title: string) => {
      const named = page
        .getByRole("button", { name: new RegExp(`: ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) })
        .first();
      return page.locator(`button[aria-controls="${await named.getAttribute("aria-controls")}"]`);
    };
    const card = await flipButton(flips.block.cards[0].title);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getAttribute("aria-expanded")).resolves.toBe("false");
    await card.click();
    // The cards hydrate on this first interaction, then handle the click they held.
    await expect.poll(() => card.getAttribute("aria-expanded")).toBe("true");
    // A second press must not turn it back: flipped stays flipped for the visit.
    await card.dispatchEvent("click");
    await page.waitForTimeout(300);
    await expect(card.getAttribute("aria-expanded")).resolves.toBe("true");

    const second = await flipButton(flips.block.cards[1].title);
    await second.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => second.getAttribute("aria-expanded")).toBe("true");
    await page.context().close();
  });
});

const carousel = fixture("conversation-carousel", (b) => b.conversations.length > 1, "two conversations or more");
describe(`conversation carousel (${carousel.route})`, () => {
  const slides = (page: Page) => page.locator("[aria-roledescription=carousel] [aria-roledescription=slide]");
  const firstShown = (page: Page) =>
    slides(page).evaluateAll((all) => all.findIndex((s) => s.getAttribute("aria-hidden") !== "true"));

  const advanceInterval = carousel.block.advanceIntervalMs ?? 4000;

  it("advances one card every 4 s while in view, and each reply follows its message", async () => {
    const { page, problems } = await openPage(browser, onFixtures());
    await page.clock.install();
    await visit(page, carousel.route);
    const region = page.locator("[aria-roledescription=carousel]").first();
    await region.scrollIntoViewIfNeeded();
    // Its island is live: the interval runs from when it came into view.
    await page.waitForSelector("[data-carousel-live]", { state: "attached" });
    await stopClock(page);
    expect(await slides(page).count()).toBe(7);
    expect(await firstShown(page)).toBe(0);
    await page.clock.runFor(advanceInterval);
    expect(await firstShown(page)).toBe(1);
    await page.clock.runFor(2000);
    expect(await page.locator("[aria-roledescription=slide] [data-reply=shown]").count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("plays the 2 s typing delay when on screen at load too (a tall window, a jump to its anchor)", async () => {
    const { page, problems } = await openPage(browser, { ...onFixtures(), viewport: { width: 1366, height: 2400 } });
    const loaded = Date.now();
    await page.goto(`${carousel.route}${carousel.block.id ? `#${carousel.block.id}` : ""}`, { waitUntil: "load" });
    await expect(page.locator("[aria-roledescription=slide] [data-reply=pending]").count()).resolves.toBe(7);
    // Bounded for a busy machine, beside the other suites: the check is the lower bound.
    await page.waitForSelector("[aria-roledescription=slide] [data-reply=shown]", { timeout: 30_000 });
    expect(Date.now() - loaded, "the first reply waits at least the 2 s delay").toBeGreaterThanOrEqual(2000);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  const counter = (page: Page) => page.locator("[data-carousel-counter]").first().textContent();
  const track = (page: Page) => page.locator("[data-testid=carousel-track]").first();
  const live = (page: Page) => page.locator("[data-carousel-live]").count();

  it("before its island hydrates, Previous, Next and Pause answer at once (the entry's DOM code)", async () => {
    const { page } = await openPage(browser, onFixtures());
    await holdIslands(page, carousel.route, site.url);
    await page.goto(carousel.route, { waitUntil: "load" });
    await page.locator("[aria-roledescription=carousel]").first().scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Next conversation" }).click();
    await page.getByRole("button", { name: "Next conversation" }).click();
    await page.getByRole("button", { name: "Previous conversation" }).click();
    expect(await firstShown(page)).toBe(1);
    expect(await counter(page)).toBe("2–4 / 7");
    expect(await track(page).evaluate((el) => el.style.transform)).toBe("translateX(-344px)");
    await page.getByRole("button", { name: "Pause carousel" }).click();
    await expect(page.getByRole("button", { name: "Play carousel" }).isVisible()).resolves.toBe(true);
    expect(await live(page), "React has not taken the carousel over").toBe(0);
    await page.context().close();
  });

  it("when React takes over, it keeps the card and the pause the visitor chose, without a frame elsewhere", async () => {
    const { page, problems } = await openPage(browser, onFixtures());
    await page.clock.install();
    const islands = await holdIslands(page, carousel.route, site.url);
    await page.goto(carousel.route, { waitUntil: "load" });
    await page.locator("[aria-roledescription=carousel]").first().scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Next conversation" }).click();
    await page.getByRole("button", { name: "Next conversation" }).click();
    await page.getByRole("button", { name: "Pause carousel" }).click();
    const moved = await track(page).evaluate((el) => el.style.transform);
    expect(moved).toBe("translateX(-688px)");
    // Every frame's offset and counter from now until React has been live for half a second.
    await page.evaluate(() => {
      const frames: string[] = [];
      (window as unknown as { __frames: string[] }).__frames = frames;
      const sample = () => {
        const offset = document.querySelector<HTMLElement>("[data-testid=carousel-track]")?.style.transform;
        frames.push(`${offset} ${document.querySelector("[data-carousel-counter]")?.textContent}`);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    islands.release();
    await page.waitForSelector("[data-carousel-live]", { state: "attached", timeout: 20_000 });
    await page.waitForTimeout(500);
    const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
    expect(new Set(frames)).toEqual(new Set([`${moved} 3–5 / 7`]));
    await expect(page.getByRole("button", { name: "Play carousel" }).isVisible()).resolves.toBe(true);
    // Paused by the visitor, it does not advance by itself; its buttons now answer through React, one card a tap.
    await stopClock(page);
    await page.clock.runFor(advanceInterval * 2);
    expect(await firstShown(page)).toBe(2);
    await page.getByRole("button", { name: "Next conversation" }).click();
    expect(await firstShown(page)).toBe(3);
    expect(await counter(page)).toBe("4–6 / 7");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("moves with its Next and Previous buttons, and does not advance by itself under reduced motion", async () => {
    const { page } = await openPage(browser, { ...onFixtures(), reducedMotion: "reduce" });
    await page.clock.install();
    await visit(page, carousel.route);
    await page.locator("[aria-roledescription=carousel]").first().scrollIntoViewIfNeeded();
    await stopClock(page);
    await page.clock.runFor(advanceInterval * 2);
    expect(await firstShown(page)).toBe(0);
    await page.getByRole("button", { name: "Next conversation" }).click();
    expect(await firstShown(page)).toBe(1);
    await page.getByRole("button", { name: "Previous conversation" }).click();
    expect(await firstShown(page)).toBe(0);
    await page.context().close();
  });
});

const video = fixture("video", () => true, "a video");
describe(`video (${video.route})`, () => {
  it("starts muted, then toggles between 'Unmute video' and 'Mute video' once the player is ready; the player has a title", async () => {
    const { page, problems } = await openPage(browser, onFixtures());
    await visit(page, video.route);
    const player = page.locator("[data-block-video]").first();
    await player.scrollIntoViewIfNeeded();
    const unmute = player.getByRole("button", { name: "Unmute video" });
    await page.waitForFunction(
      (el) => !el?.querySelector("button[aria-label='Unmute video']")?.hasAttribute("disabled"),
      await player.elementHandle(),
      { timeout: 30_000 },
    );
    const media = player.locator("video, iframe").first();
    expect(await media.getAttribute("title")).toBeTruthy();
    expect(await media.evaluate((el) => (el instanceof HTMLVideoElement ? el.muted : true))).toBe(true);
    const mediaMuted = () => media.evaluate((el) => (el instanceof HTMLVideoElement ? el.muted : null));
    await unmute.click();
    const mute = player.getByRole("button", { name: "Mute video" });
    await expect(mute.isVisible()).resolves.toBe(true);
    if ((await mediaMuted()) !== null) expect(await mediaMuted(), "the media itself has its sound on").toBe(false);
    await mute.click();
    await expect(player.getByRole("button", { name: "Unmute video" }).isVisible()).resolves.toBe(true);
    if ((await mediaMuted()) !== null) expect(await mediaMuted(), "the media itself is muted again").toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("stays paused under reduced motion", async () => {
    const { page } = await openPage(browser, { ...onFixtures(), reducedMotion: "reduce" });
    await visit(page, video.route);
    const player = page.locator("[data-block-video]").first();
    await player.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    const paused = await player
      .locator("video")
      .first()
      .evaluate((v: HTMLVideoElement) => v.paused)
      .catch(() => true);
    expect(paused).toBe(true);
    await page.context().close();
  });
});

const motion = fixturePage("motion", (page) => page.blocks.length > 3, "several sections");
describe(`section fade-in (${motion.route})`, () => {
  /** The fade state of the page's sections: those on screen now, and the first one well below the fold. */
  const fadeStates = (page: Page) =>
    page.evaluate(() => {
      const sections = [...document.querySelectorAll<HTMLElement>("[data-fade-in]")];
      const state = (el: HTMLElement) => ({
        attribute: el.getAttribute("data-fade-in"),
        opacity: Number(getComputedStyle(el).opacity),
      });
      const onScreen = sections.filter((el) => el.getBoundingClientRect().top < window.innerHeight).map(state);
      const below = sections.find((el) => el.getBoundingClientRect().top > window.innerHeight + 400);
      return {
        onScreen,
        below: below && state(below),
        belowTop: (below?.getBoundingClientRect().top ?? 0) + window.scrollY,
      };
    });

  it("never touches what is on screen at load, holds back a section below, and fades it in as it comes into view", async () => {
    const { page, problems } = await openPage(browser, { ...onFixtures(), viewport: DESKTOP });
    await visit(page, motion.route);
    const atLoad = await fadeStates(page);
    expect(
      atLoad.below,
      `${motion.file}: a section well below the fold at ${DESKTOP.width}×${DESKTOP.height}`,
    ).toBeDefined();
    expect(atLoad.onScreen.length).toBeGreaterThan(0);
    for (const section of atLoad.onScreen) expect(section).toEqual({ attribute: "", opacity: 1 });
    expect(atLoad.below).toEqual({ attribute: "pending", opacity: 0 });

    await page.evaluate(
      (top) => window.scrollTo({ top: top - window.innerHeight / 2, behavior: "instant" }),
      atLoad.belowTop,
    );
    // The fade lasts 0.6 s: polled until it has run to its end.
    await expect.poll(async () => (await fadeStates(page)).onScreen).toContainEqual({ attribute: "shown", opacity: 1 });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("does not fade at all for visitors who prefer reduced motion", async () => {
    const { page } = await openPage(browser, { ...onFixtures(), viewport: DESKTOP, reducedMotion: "reduce" });
    await visit(page, motion.route);
    expect((await fadeStates(page)).below).toEqual({ attribute: "", opacity: 1 });
    await page.context().close();
  });
});

describe(`reduced motion (${motion.route})`, () => {
  it("turns transitions and animations off site-wide", async () => {
    const { page } = await openPage(browser, { ...onFixtures(), reducedMotion: "reduce", viewport: MOBILE });
    await visit(page, motion.route);
    const longest = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll("body *")].map((el) => {
          const style = getComputedStyle(el);
          return Math.max(
            ...[style.transitionDuration, style.animationDuration].flatMap((d) =>
              d.split(",").map((x) => parseFloat(x) * (x.trim().endsWith("ms") ? 1 : 1000)),
            ),
          );
        }),
      ),
    );
    expect(longest).toBeLessThan(1);
    await page.context().close();
  });
});
