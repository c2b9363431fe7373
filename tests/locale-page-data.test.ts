// @vitest-environment node
import { describe, expect, it } from "vitest";
import { CHROME_PATHS } from "../kit/site-data.ts";
import { siteForPath } from "../renderer/content/locale-data.server.ts";
import { allRoutes, getSite, localePaths, siteLocaleList } from "../renderer/content/pages.server.ts";

/**
 * What every page of a locale other than the default carries in its data: the locale's addresses of the chrome's own
 * links, not of every page. At 10,000 routes each page's data held 5,000 addresses, whose making and serialising took
 * 12 of the 31 ms of its render.
 */
describe("the page data of a page in another locale", () => {
  const others = siteLocaleList().slice(1);

  it("carries the locale's address of each of the chrome's own links, and no other", () => {
    expect(others.length).toBeGreaterThan(0);
    for (const locale of others) {
      const page = allRoutes().find((route) => route.locale.code === locale.code)!;
      const { locale: data } = siteForPath(getSite(), page.path);
      const expected = Object.fromEntries(
        CHROME_PATHS.flatMap((href) => {
          const route = allRoutes().find((r) => r.locale.code === locale.code && r.source === href);
          return route ? [[href, route.path]] : [];
        }),
      );
      expect(data?.paths).toEqual(expected);
    }
  });

  it("leads the page's and the menus' links through the locale's address of every page", () => {
    for (const locale of others) {
      const paths = localePaths(locale.code);
      for (const route of allRoutes().filter((r) => r.locale.code === locale.code))
        expect(paths[route.source]).toBe(route.path);
    }
  });
});
