// @vitest-environment node
/** What `npm run review` says of a page that did not load: once per route and build, whatever the widths it is shot at. */
import { describe, expect, it } from "vitest";
import { catalogueError, reviewErrors } from "../contract/errors.ts";
import { pagesNotLoaded } from "../scripts/review/run.ts";

const shot = (route: string, side: string, status: number) => ({ review: { route }, side, status });

describe("pagesNotLoaded", () => {
  it("names a page that answered 404 once for each build, not once for each width", () => {
    const failed = pagesNotLoaded([
      shot("/pricing", "base", 404),
      shot("/pricing", "head", 200),
      shot("/pricing", "base", 404),
      shot("/pricing", "head", 200),
      shot("/team", "head", 500),
      shot("/team", "head", 500),
    ]);
    expect(failed.map((args) => catalogueError(reviewErrors.pageFailed, args).message)).toEqual([
      "/pricing answered 404 on the base build",
      "/team answered 500 on the head build",
    ]);
  });

  it("expects the not-found page to answer 404", () => {
    expect(pagesNotLoaded([shot("/404", "base", 404), shot("/404", "head", 200)])).toEqual([
      { route: "/404", side: "head", status: 200 },
    ]);
  });

  it("expects each locale's not-found page to answer 404 too", () => {
    const notFound = new Set(["/404", "/de/404"]);
    expect(pagesNotLoaded([shot("/de/404", "head", 404), shot("/de/about", "head", 404)], notFound)).toEqual([
      { route: "/de/about", side: "head", status: 404 },
    ]);
  });
});
