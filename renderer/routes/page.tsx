import { data } from "react-router";
import type { Route } from "./+types/page";
import { getRoute, getSite, localePaths, siteLocaleList } from "../content/pages.server.ts";
import { localeNotFoundPaths } from "../../contract/locales.ts";
import { siteForPath } from "../content/locale-data.server.ts";
import { withLocaleLinks } from "../content/locale-links.ts";
import { shareData } from "../content/share.server.ts";
import { withRenditions } from "../content/images.server.ts";
import { preloadFirstPicture } from "../preload-picture.ts";
import { PageRenderer, preloadBlocks } from "../PageRenderer.tsx";
import { pageMeta } from "../seo.ts";
import { LocaleContext } from "../../kit/locale.ts";
import { DirectionContext } from "../../kit/hooks/useDirection.ts";
import NotFound, { meta as notFoundMeta } from "./not-found.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const route = getRoute(pathname);
  const page = route?.page;
  // This route takes every path, so on the dev server a path with no page document lands here: it gets the site's
  // 404 page with status 404, as the built site answers it.
  // A locale's own not-found page (/de/404) is built like /404, as a file the servers answer unknown addresses with.
  const status = localeNotFoundPaths(siteLocaleList()).includes(pathname.replace(/\/+$/, "")) ? 200 : 404;
  if (!page) return data({ page: undefined, share: undefined, language: undefined }, { status });
  // With the blocks' code loaded before rendering, nothing suspends: every block is written into the HTML in place,
  // rather than streamed into a hidden element that only a script reveals (the page must read without JavaScript).
  await preloadBlocks(page.blocks.map((block) => block.type));
  // A fallback's words are another locale's than its chrome's: said so around them, for screen readers and browsers.
  const language = route?.kind === "fallback" ? { code: route.language.code, dir: route.language.dir } : undefined;
  const { site, locale } = siteForPath(getSite(), pathname);
  // Its links were written for its own locale: they lead to the pages of the locale it is shown in.
  const shown = language && locale ? withLocaleLinks(page, localePaths(locale.code)) : page;
  return { page: await withRenditions(shown), share: shareData(page, site, route), language };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data?.page
    ? [...pageMeta(data.page, matches, data.share), ...preloadFirstPicture(data.page)]
    : notFoundMeta({ matches });

export default function Page({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return <NotFound />;
  const blocks = <PageRenderer blocks={loaderData.page.blocks} />;
  // A page shown from its fallback locale is in that locale's language, its figures written as that language does.
  // Its direction too: a right-to-left locale may show a left-to-right one's page, and the other way round.
  const { language } = loaderData;
  return language ? (
    <LocaleContext.Provider value={language.code}>
      <DirectionContext.Provider value={language.dir}>
        <div lang={language.code} dir={language.dir}>
          {blocks}
        </div>
      </DirectionContext.Provider>
    </LocaleContext.Provider>
  ) : (
    blocks
  );
}
