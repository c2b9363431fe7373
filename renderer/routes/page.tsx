import type { Route } from "./+types/page";
import { getPage } from "../content/pages.server.ts";
import { PageRenderer } from "../PageRenderer.tsx";
import { pageMeta } from "../seo.ts";

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const page = getPage(path);
  if (!page) throw new Response(`No page document has the path '${path}'`, { status: 404, statusText: "Not Found" });
  return { page };
}

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(data?.page, matches);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageRenderer blocks={loaderData.page.blocks} />;
}
