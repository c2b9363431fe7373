import type { Route } from "./+types/page";
import { getPage, getSite } from "../content/pages.server.ts";
import { shareData } from "../content/share.server.ts";
import { PageRenderer, preloadBlocks } from "../PageRenderer.tsx";
import { pageMeta } from "../seo.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const page = getPage(path);
  if (!page) throw new Response(`No page document has the path '${path}'`, { status: 404, statusText: "Not Found" });
  // With the blocks' code loaded before rendering, nothing suspends: every block is written into the HTML in place,
  // rather than streamed into a hidden element that only a script reveals (the page must read without JavaScript).
  await preloadBlocks(page.blocks.map((block) => block.type));
  return { page, share: shareData(page, getSite()) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(data?.page, matches, data?.share);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageRenderer blocks={loaderData.page.blocks} />;
}
