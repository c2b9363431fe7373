import { describe, expect, it, vi } from "vitest";

describe("block catalogue (/__blocks)", () => {
  it("is a route in development and absent from production builds", async () => {
    const paths = async (env: string) => {
      vi.stubEnv("NODE_ENV", env);
      vi.resetModules();
      const routes = (await import("../renderer/routes.ts")).default;
      vi.unstubAllEnvs();
      return routes.map((route) => route.path);
    };
    expect(await paths("development")).toContain("__blocks");
    expect(await paths("production")).not.toContain("__blocks");
  });
});
