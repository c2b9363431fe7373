import { type RouteConfig, route } from "@react-router/dev/routes";
import { builtPaths } from "./content/pages.server.ts";

// One route per page document: adding a JSON file under site-config/pages adds a route.
export default [
  ...builtPaths().map((path) => route(path, "routes/page.tsx", { id: `page:${path}` })),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The block catalogue is a dev-server tool: production builds neither prerender nor ship it.
  ...(process.env.NODE_ENV === "production" ? [] : [route("__blocks", "routes/block-catalogue.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
