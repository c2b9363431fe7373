import { type RouteConfig, type RouteConfigEntry, index, route } from "@react-router/dev/routes";

/** The site's routes, for a build or a dev server whose NODE_ENV is `nodeEnv`. */
export const siteRoutes = (nodeEnv = process.env.NODE_ENV): RouteConfigEntry[] => [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The block catalogue is a dev-server tool: production builds neither prerender nor ship it.
  ...(nodeEnv === "production" ? [] : [route("__blocks", "routes/block-catalogue.tsx")]),
  route("404", "routes/not-found.tsx"),
  // Every page document, whatever its path (the home page apart: a splat does not match `/`). Adding a JSON file under
  // site-config/pages adds a page, not a route: React Router tries a request's path against the routes one by one, so
  // a route per page would make each request cost time in proportion to the number of pages, and the build quadratic.
  index("routes/page.tsx", { id: "home" }),
  route("*", "routes/page.tsx", { id: "page" }),
];

export default siteRoutes() satisfies RouteConfig;
