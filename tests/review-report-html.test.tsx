/**
 * The review's HTML report as a reviewer reads it: the routes in order (new pages, removed pages, the most changed
 * pages, the unchanged), a new page's one row of "after" images, thumbnails cropped around the change, the commits
 * compared (uncommitted changes named only when there are some) and one count of visual changes, shared with the
 * Markdown summary. Results made by hand.
 */
import { describe, expect, it } from "vitest";
import { reportHtml, summaryMarkdown } from "../scripts/review/report.ts";
import type { ReviewResult, RouteReview } from "../scripts/review/run.ts";

describe("reportHtml", () => {
  const compared = (route: string, changed: [number, number], control = false): RouteReview => ({
    route,
    status: "changed",
    reasons: [control ? "control: not affected, its diff must be 0" : "site-config/pages/marine.json: its menu entry"],
    control,
    shots: ([390, 1366] as const).map((width, i) => ({
      width,
      before: `shots/${route.slice(1)}-${width}-before.png`,
      after: `shots/${route.slice(1)}-${width}-after.png`,
      diff: `shots/${route.slice(1)}-${width}-diff.png`,
      changed: changed[i],
      total: 100_000,
      image: { width, height: 4000 },
      ...(changed[i]! > 0 && { box: { x: 0, y: 3600, width, height: 100 } }),
    })),
  });
  const added: RouteReview = {
    route: "/industries/marine-insurance",
    status: "added",
    reasons: ["site-config/pages/industries/marine-insurance.json: page /industries/marine-insurance added"],
    control: false,
    shots: ([390, 1366] as const).map((width) => ({ width, after: `shots/marine-${width}-after.png` })),
  };
  const gone: RouteReview = {
    route: "/old-offer",
    status: "gone",
    reasons: ["site-config/pages/old-offer.json: page /old-offer removed or moved"],
    control: false,
    shots: ([390, 1366] as const).map((width) => ({ width, before: `shots/old-offer-${width}-before.png` })),
  };
  const result = (uncommitted: string[] = []) =>
    ({
      affected: {
        mergeBase: "a".repeat(40),
        head: "b".repeat(40),
        everyRoute: true,
        workingTree: true,
        uncommitted,
      },
      // In route order, as the affected routes come.
      routes: [
        compared("/about", [1000, 500]),
        compared("/industries", [5000, 9000]),
        added,
        gone,
        compared("/privacy", [0, 0]),
        compared("/terms", [0, 0], true),
      ],
      problems: [],
      timings: [],
      budgets: [],
      outDir: "review",
      startedAt: "2026-11-28T17:00:00.000Z",
      totalMs: 280_000,
    }) as unknown as ReviewResult;
  const page = (html: string) => new DOMParser().parseFromString(html, "text/html");
  const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, " ").trim();

  it("lists added pages first, then removed ones, then changed pages by how much changed, then the unchanged", () => {
    const document = page(reportHtml(result()));
    const rows = [...document.querySelectorAll<HTMLTableRowElement>(".panel table tbody tr")]
      .slice(0, 6)
      .map((row) => [...row.cells].map(text).join(" | "));
    expect(rows).toEqual([
      "/industries/marine-insurance | new page | new page",
      "/old-offer | removed | page removed",
      "/industries | changed | 5,000 px (5.00 %) | 9,000 px (9.00 %)",
      "/about | changed | 1,000 px (1.00 %) | 500 px (0.50 %)",
      "/privacy | no visual change | no change | no change",
      "/terms | control | no change | no change",
    ]);
    expect([...document.querySelectorAll("section.route h2")].map(text)).toEqual([
      "/industries/marine-insurance new page",
      "/old-offer removed",
      "/industries changed",
      "/about changed",
      "/privacy no visual change",
      "/terms control",
    ]);
  });

  it("shows a new page once, its after at both widths, with no empty before or diff", () => {
    const document = page(reportHtml(result()));
    const section = document.getElementById("route-industries-marine-insurance")!;
    expect(text(section.querySelector("h3"))).toBe("New page: no before to compare with");
    expect([...section.querySelectorAll("figcaption")].map(text)).toEqual([
      "After, 390 px full image",
      "After, 1366 px full image",
    ]);
    expect(section.querySelectorAll("img")).toHaveLength(2);
    expect(section.textContent).not.toMatch(/Before|Diff|—/);
    const row = [...document.querySelectorAll("tbody tr")].find((tr) => tr.textContent?.includes("marine"))!;
    expect(row.querySelector("td[colspan='2']")?.textContent).toBe("new page");
    const removed = document.getElementById("route-old-offer")!;
    expect([...removed.querySelectorAll("figcaption")].map(text)).toEqual([
      "Before, 390 px full image",
      "Before, 1366 px full image",
    ]);
  });

  it("crops the thumbnails of a changed width around the change, linking to the full image", () => {
    const document = page(reportHtml(result()));
    const width = document.getElementById("route-about")!.querySelector(".width")!;
    expect(text(width.querySelector("h3"))).toBe("390 px 1,000 px (1.00 %) thumbnails show the changed area");
    const figures = [...width.querySelectorAll("figure")];
    expect(figures.map((figure) => text(figure.querySelector("figcaption")))).toEqual([
      "Before rows 3,470–3,830 px full image",
      "After rows 3,470–3,830 px full image",
      "Diff rows 3,470–3,830 px full image",
    ]);
    expect(figures[0]!.querySelector("a")!.getAttribute("href")).toBe("shots/about-390-before.png");
    // The crop (0, 3470, 390 × 360) of a 390 × 4000 image: the image at 100 % of the window's width, moved up.
    const image = figures[0]!.querySelector("img")!;
    expect(image.dataset.src).toBe("shots/about-390-before.png");
    expect(image.style.width).toBe("100%");
    expect(image.style.marginTop).toBe("-889.7436%");
    expect(figures[0]!.querySelector<HTMLElement>(".window")!.style.aspectRatio).toBe("390 / 360");
    // No change: the page from its top.
    const unchanged = document.getElementById("route-privacy")!.querySelector("figure")!;
    expect(unchanged.querySelector(".crop")).toBeNull();
    expect(text(unchanged.querySelector("figcaption"))).toBe("Before full image");
  });

  it("names the head's commit alone on a clean tree, and the uncommitted changes when there are some", () => {
    expect(text(page(reportHtml(result())).querySelector("header .meta"))).toMatch(
      /^base aaaaaaaaaaaa → head bbbbbbbbbbbb · 2026-11-28 17:00 UTC$/,
    );
    expect(text(page(reportHtml(result(["site-config/pages/about.json"]))).querySelector("header .meta"))).toMatch(
      /^base aaaaaaaaaaaa → head bbbbbbbbbbbb \+ uncommitted changes \(1 file\) · /,
    );
    expect(summaryMarkdown(result())).toContain("Base `aaaaaaaaaaaa` → head `bbbbbbbbbbbb`: ");
  });

  it("counts a new page, a removed page and the changed pages as visual changes, in the report and its summary", () => {
    const document = page(reportHtml(result()));
    const cards = [...document.querySelectorAll(".card")].map(
      (card) => `${text(card.querySelector(".value"))} ${text(card.querySelector(".label"))}`,
    );
    expect(cards).toContain("4 with visual changes");
    expect(cards).toContain("5 affected routes (every route)");
    expect(summaryMarkdown(result())).toContain("5 affected route(s) (every route), 4 with visual changes");
  });

  it("lists the routes a sample left out apart, loaded and measured, with no row or section of screenshots", () => {
    const sampled = result();
    const left = ["/industries/a", "/industries/b"].map((route): RouteReview => ({
      route,
      status: "changed",
      reasons: ["site.json"],
      control: false,
      outOfSample: true,
      shots: [],
    }));
    sampled.routes.push(...left);
    const document = page(reportHtml(sampled));
    const cards = [...document.querySelectorAll(".card")].map(
      (card) => `${text(card.querySelector(".value"))} ${text(card.querySelector(".label"))}`,
    );
    expect(cards).toContain("7 affected routes (every route)");
    const panel = document.getElementById("not-shot")!;
    expect(text(panel.querySelector("h2"))).toBe("Loaded and measured, not shot");
    expect(text(panel.querySelector("p"))).toBe(
      "5 of the affected routes were shot, a sample showing every block type in each locale; the other 2 were built, loaded and measured with their budgets, not shot (npm run review -- --all-routes shoots every one).",
    );
    expect([...panel.querySelectorAll("li")].map(text)).toEqual(["/industries/a", "/industries/b"]);
    expect(document.getElementById("route-industries-a")).toBeNull();
    expect(document.querySelectorAll("section.route")).toHaveLength(6);
    const summary = summaryMarkdown(sampled);
    expect(summary).toContain(
      "the other 2 were built, loaded and measured with their budgets, not shot (`npm run review -- --all-routes` shoots every one).",
    );
    expect(summary).not.toContain("/industries/a");
  });
});
