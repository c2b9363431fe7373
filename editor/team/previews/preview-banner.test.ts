// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { BANNER_SCRIPT, type BannerState } from "./preview-pages.ts";

/**
 * The preview's banner as its script draws it in a page: on a wide screen every word on one bar; at a phone's width
 * two lines (the request's number with Details and the review's link, then what matters next, cut to the width), and
 * Details shows every word. Its closed shadow root is reached by keeping what attachShadow answers.
 */

const STATE: BannerState = {
  text: "Preview of request #12 “Winter campaign”, built 2026-12-06 14:08 UTC. Forms send nothing.",
  short: "Preview of request #12",
  detail: "“Winter campaign”, built 2026-12-06 14:08 UTC. Forms send nothing.",
  details: "Details",
  schedule: "Goes live Monday 14 December 2026, 09:00 in Berlin",
  updating: false,
  review: { href: "https://edit.company.com/review/12", label: "Review" },
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.documentElement.querySelector("preview-banner")?.remove();
});

/** The banner drawn for `state` at a phone's width or a wide one: its shadow root, once the bar shows. */
async function banner(state: BannerState, phone: boolean) {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(state)))),
  );
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: phone && query === "(max-width: 560px)",
    addEventListener: () => undefined,
  }));
  let root: ShadowRoot | undefined;
  const attach = HTMLElement.prototype.attachShadow;
  vi.spyOn(HTMLElement.prototype, "attachShadow").mockImplementation(function (this: HTMLElement, init) {
    root = attach.call(this, init);
    return root;
  });
  new Function(BANNER_SCRIPT)();
  await vi.waitFor(() => expect(root?.querySelector("[role=status]")?.childElementCount).toBeGreaterThan(0));
  return root!;
}

const lines = (bar: Element) => [...bar.children].map((line) => line.textContent);

describe("the preview's banner", () => {
  it("says everything on one bar on a wide screen", async () => {
    const root = await banner(STATE, false);
    const bar = root.querySelector("[role=status]")!;
    expect(lines(bar)).toEqual([STATE.text, STATE.schedule, "Review"]);
    expect(root.querySelector("a")?.getAttribute("href")).toBe(STATE.review!.href);
    expect(root.querySelector("button")).toBeNull();
  });

  it("keeps to two lines at a phone's width, and shows every word behind Details", async () => {
    const root = await banner(STATE, true);
    const bar = root.querySelector("[role=status]")!;
    expect(lines(bar)).toEqual(["Preview of request #12Details ▴Review", STATE.schedule]);
    // Each line one line high, cut to the width rather than wrapped.
    for (const cut of [bar.children[0]!.firstElementChild!, bar.children[1]!] as HTMLElement[])
      expect([cut.style.whiteSpace, cut.style.textOverflow]).toEqual(["nowrap", "ellipsis"]);
    const details = root.querySelector("button")!;
    expect(details.getAttribute("aria-expanded")).toBe("false");

    details.click();
    const opened = root.querySelector("button")!;
    expect(opened.getAttribute("aria-expanded")).toBe("true");
    expect(root.activeElement).toBe(opened);
    const all = root.getElementById(opened.getAttribute("aria-controls")!)!;
    expect(lines(all)).toEqual([STATE.text, STATE.schedule]);
    expect(lines(bar).slice(1)).toEqual(["Preview of request #12Details ▾Review"]);

    opened.click();
    expect(lines(bar)).toEqual(["Preview of request #12Details ▴Review", STATE.schedule]);
  });

  it("puts a build under way first on a phone, and the request's title and build when nothing else is said", async () => {
    const updating = await banner({ ...STATE, note: "Updating…", updating: false }, true);
    expect(lines(updating.querySelector("[role=status]")!)[1]).toBe("Updating…");
    document.documentElement.querySelector("preview-banner")?.remove();
    vi.restoreAllMocks();

    const { schedule: _none, review: _outsider, ...plain } = STATE;
    const shared = await banner(plain, true);
    expect(lines(shared.querySelector("[role=status]")!)).toEqual(["Preview of request #12Details ▴", STATE.detail]);
  });
});
