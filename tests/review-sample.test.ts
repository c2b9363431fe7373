/**
 * The sample a review shoots of a change reaching many routes (scripts/review/sample.ts): every block type in every
 * locale, every kind of route, the fewest routes that show them, the same every time; a small set shot whole.
 * Fixture routes and content made here.
 */
import { describe, expect, it } from "vitest";
import type { Content } from "../contract/content.server.ts";
import type { PageDocument, SiteConfig } from "../contract/generated/schema-types.ts";
import { siteLocales } from "../contract/locales.ts";
import type { RouteStatus } from "../scripts/pipeline/affected.ts";
import { SAMPLE_ABOVE, routeFeatures, sampleRoutes } from "../scripts/review/sample.ts";

const page = (path: string, types: string[], translationOf?: string) =>
  ({ path, title: path, translationOf, blocks: types.map((type) => ({ type })) }) as unknown as PageDocument;

/** Two locales: English pages, a few translated into German, the others shown in English under /de. */
function content(pages: PageDocument[], german: PageDocument[]): Content {
  const site = {
    locales: {
      default: "en-GB",
      list: [
        { code: "en-GB", name: "English" },
        { code: "de-DE", name: "Deutsch", prefix: "de", missing: "fallback", fallback: "en-GB" },
      ],
    },
  } as unknown as SiteConfig;
  const locales = siteLocales(site);
  return {
    site,
    pages,
    files: [],
    placed: [],
    siteLocales: locales,
    locales: [{ locale: locales[1]!, site: undefined, pages: german, files: [], placed: [] }],
  };
}

/** 400 industry pages of two shapes, an about page, a legal page; two industry pages and the about page in German. */
const site = content(
  [
    page("/", ["hero", "stats"]),
    page("/about", ["hero", "steps"]),
    page("/privacy", ["legal-document"]),
    ...Array.from({ length: 400 }, (_, i) =>
      page(`/industries/i-${String(i).padStart(3, "0")}`, i % 2 ? ["industry-hero", "video"] : ["industry-hero"]),
    ),
  ],
  [
    page("/de/ueber-uns", ["hero", "steps"], "/about"),
    page("/de/branchen/a", ["industry-hero"], "/industries/i-000"),
    page("/de/branchen/b", ["industry-hero", "video"], "/industries/i-001"),
  ],
);
const features = routeFeatures(site);
const everyRoute = (status: RouteStatus = "changed") =>
  [
    "/",
    "/about",
    "/privacy",
    "/404",
    "/de",
    "/de/ueber-uns",
    "/de/privacy",
    "/de/404",
    "/de/branchen/a",
    "/de/branchen/b",
    ...Array.from({ length: 400 }, (_, i) => `/industries/i-${String(i).padStart(3, "0")}`),
    ...Array.from({ length: 398 }, (_, i) => `/de/industries/i-${String(i + 2).padStart(3, "0")}`),
  ].map((route) => ({ route, status }));

describe("routeFeatures", () => {
  it("names a route's block types and kind in its locale, and the not-found pages", () => {
    expect(features("/industries/i-001")).toEqual(["en-GB source", "en-GB block industry-hero", "en-GB block video"]);
    expect(features("/de/branchen/a")).toEqual(["de-DE translation", "de-DE block industry-hero"]);
    expect(features("/de/industries/i-003")).toEqual([
      "de-DE fallback",
      "de-DE block industry-hero",
      "de-DE block video",
    ]);
    expect(features("/404")).toEqual(["en-GB not-found"]);
    expect(features("/de/404")).toEqual(["de-DE not-found"]);
  });

  it("gives a route the head does not have its locale alone", () => {
    expect(features("/de/old-offer")).toEqual(["de-DE"]);
    expect(features("/old-offer")).toEqual(["en-GB"]);
  });
});

describe("sampleRoutes", () => {
  it(`shoots every route of a change reaching ${SAMPLE_ABOVE} routes or fewer`, () => {
    const routes = everyRoute().slice(0, SAMPLE_ABOVE);
    expect(sampleRoutes(routes, features)).toEqual(new Set(routes.map((r) => r.route)));
  });

  it("of a change reaching every route, shoots a few that show every block type and kind in each locale", () => {
    const routes = everyRoute();
    const sample = sampleRoutes(routes, features);
    const shown = new Set([...sample].flatMap(features));
    expect(shown).toEqual(new Set(routes.flatMap((r) => features(r.route))));
    expect(sample.size).toBeLessThanOrEqual(12);
    expect(sample).toContain("/404");
    expect(sample).toContain("/de/404");
    expect([...sample].filter((route) => route.startsWith("/industries/"))).toHaveLength(1);
  });

  it("gives the same sample whatever the order of the routes", () => {
    const routes = everyRoute();
    expect([...sampleRoutes([...routes].reverse(), features)].sort()).toEqual(
      [...sampleRoutes(routes, features)].sort(),
    );
  });

  it("samples each status on its own: a few pages added are all shot beside a sample of the changed", () => {
    const added = ["/industries/new-a", "/industries/new-b"].map((route) => ({ route, status: "added" as const }));
    const sample = sampleRoutes([...everyRoute(), ...added], features);
    for (const { route } of added) expect(sample).toContain(route);
    const removed = everyRoute("gone");
    const gone = [...sampleRoutes(removed, features)];
    expect(gone.length).toBeLessThanOrEqual(12);
    expect(gone.filter((route) => route.startsWith("/de/")).length).toBeGreaterThan(0);
    expect(gone.filter((route) => !route.startsWith("/de/")).length).toBeGreaterThan(0);
  });
});
