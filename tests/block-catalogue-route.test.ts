import { describe, expect, it } from "vitest";
import { siteRoutes } from "../renderer/routes.ts";

describe("block catalogue (/__blocks)", () => {
  it("is a route in development and absent from production builds", () => {
    const paths = (nodeEnv: string) => siteRoutes(nodeEnv).map((route) => route.path);
    expect(paths("development")).toContain("__blocks");
    expect(paths("production")).not.toContain("__blocks");
  });
});
