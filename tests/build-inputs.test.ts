// @vitest-environment node
/**
 * Which files the build reads (scripts/pipeline/build-inputs.ts), on the project itself, and what that makes of a build's
 * freshness (scripts/pipeline/build-fresh.ts), on a small project shaped like it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { buildIsFresh } from "../scripts/pipeline/build-fresh.ts";
import { buildInputs } from "../scripts/pipeline/build-inputs.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("the files the build reads", () => {
  const isInput = buildInputs(root);

  it("include every module that `npm run build`'s commands run, and what they import", () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const commands = (name: string): string[] =>
      [...scripts[name]!.matchAll(/npm run (\S+)|tsx (\S+\.ts)/g)].flatMap(([, script, module]) =>
        script ? commands(script) : [module!],
      );
    expect(commands("build")).toEqual(["scripts/gen.ts", "scripts/build.ts"]);
    for (const module of [
      ...commands("build"),
      "scripts/generate.ts",
      "toolchain/vite-plugins.ts",
      "scripts/pipeline/prerender.ts",
      "scripts/pipeline/prerender-worker.ts",
      "scripts/pipeline/chakra-patches.ts",
      "scripts/pipeline/incremental-build.ts",
      "scripts/content/validate-cli.ts",
    ])
      expect(isInput(module), module).toBe(true);
  });

  it("include the content, the site's code and its settings", () => {
    for (const file of [
      "site-config/site.json",
      "public/favicon.svg",
      "renderer/root.tsx",
      "blocks/hero/Hero.tsx",
      "kit/ui/Toaster.tsx",
      "contract/errors.ts",
      "schemas/page.schema.json",
      "package-lock.json",
      "tsconfig.json",
      "vite.config.ts",
    ])
      expect(isInput(file), file).toBe(true);
  });

  it("leave out the docs, the tests, the tools around the site and what runs write", () => {
    for (const file of [
      "README.md",
      "docs/server.md",
      "tests/e2e/routes.test.ts",
      "blocks/hero/Hero.test.tsx",
      "editor/server.ts",
      "server/main.ts",
      "deploy/nginx.conf",
      "Dockerfile",
      "vitest.e2e.config.ts",
      "scripts/e2e.ts",
      "scripts/start.ts",
      "scripts/generate-docs.ts",
      "scripts/measure/serve.ts",
      "scripts/review/run.ts",
      "toolchain/templates/industry.json",
      "toolchain/save.ts",
      "toolchain/scaffold.ts",
      "data/leads.sqlite",
      "build/client/index.html",
    ])
      expect(isInput(file), file).toBe(false);
  });
});

describe("a build's freshness", () => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "build-fresh-"));
  afterAll(() => fs.rmSync(project, { recursive: true, force: true }));
  const build = path.join(project, "build");
  const BUILT = new Date("2026-11-20T10:00:00Z");
  const EARLIER = new Date("2026-11-20T09:00:00Z");
  const LATER = new Date("2026-11-20T11:00:00Z");

  const write = (file: string, text = "x") => {
    fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    fs.writeFileSync(path.join(project, file), text);
  };
  /** Every file and folder of the project dated before the build, the build at its own time. */
  const dateAll = (dir = project) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) dateAll(full);
      fs.utimesSync(full, EARLIER, EARLIER);
    }
    fs.utimesSync(dir, EARLIER, EARLIER);
    fs.utimesSync(path.join(build, "client", "index.html"), BUILT, BUILT);
  };
  const touch = (file: string) => fs.utimesSync(path.join(project, file), LATER, LATER);

  beforeEach(() => {
    fs.rmSync(project, { recursive: true, force: true });
    write("site-config/pages/home.json", "{}");
    write("site-config/pages/about.json", "{}");
    write("kit/ui/Button.tsx");
    write("contract/errors.ts");
    write("react-router.config.ts", 'import { prerender } from "./scripts/pipeline/prerender.ts";\n');
    write("scripts/pipeline/prerender.ts", "export const prerender = 1;\n");
    write("scripts/e2e.ts", 'import { serve } from "./measure/serve.ts";\n');
    write("scripts/measure/serve.ts", "export const serve = 1;\n");
    write("tests/e2e/routes.test.ts");
    write("docs/server.md");
    write("data/leads.sqlite");
    write("build/client/index.html", "<!doctype html>");
    dateAll();
  });

  it("is fresh when nothing the build reads changed since", () => {
    expect(buildIsFresh(project, build)).toBe(true);
  });

  it("is stale without a build", () => {
    fs.rmSync(build, { recursive: true });
    expect(buildIsFresh(project, build)).toBe(false);
  });

  it.each(["kit/ui/Button.tsx", "contract/errors.ts", "site-config/pages/home.json", "scripts/pipeline/prerender.ts"])(
    "is stale once %s changed",
    (file) => {
      touch(file);
      expect(buildIsFresh(project, build)).toBe(false);
    },
  );

  it("is stale once a page is removed", () => {
    fs.rmSync(path.join(project, "site-config/pages/about.json"));
    expect(buildIsFresh(project, build)).toBe(false);
  });

  it("stays fresh when a tool writes and removes a file beside the settings (Vite, loading its config)", () => {
    write("vite.config.ts.timestamp-1-abc.mjs");
    fs.rmSync(path.join(project, "vite.config.ts.timestamp-1-abc.mjs"));
    fs.utimesSync(project, LATER, LATER);
    expect(buildIsFresh(project, build)).toBe(true);
  });

  it("stays fresh when tests, docs, the leads, the browser tier's scripts or a new tool change", () => {
    for (const file of ["tests/e2e/routes.test.ts", "docs/server.md", "data/leads.sqlite", "scripts/e2e.ts"])
      touch(file);
    touch("scripts/measure/serve.ts");
    write("scripts/new-tool.ts");
    touch("scripts/new-tool.ts");
    expect(buildIsFresh(project, build)).toBe(true);
  });
});
