// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildServer } from "../../server/app.ts";
import { dockerStages, installedManifest, type Stage } from "../support/dockerfile.ts";
import { excludePattern, npmCiOf } from "../support/runtime-image.ts";
import {
  BUILD_TOOLS,
  documentedLeadsCommands,
  editorEntries,
  entryModules,
  importedModules,
  missingModules,
  packagesLoaded,
  scriptsRun,
  SITE_BUILD_TOOLS,
  TEST_FILE,
  TEST_TOOLS,
} from "../support/runtime-code.ts";
import { testConfig } from "../support/server.ts";
import { type Lockfile, lockfileInstall, packageName } from "../support/workspace-install.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Every environment variable the server reads (`env.NAME`, `integer(env, "NAME")`, `process.env.NAME`). */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : full.endsWith(".ts") && !full.includes(".test.") ? [full] : [];
    });
  for (const file of walk(path.join(ROOT, "server"))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)|\(env, "([A-Z][A-Z0-9_]+)"/g))
      names.add(match[1] ?? match[2]);
  }
  return names;
}

interface Manifest {
  name: string;
  scripts: Record<string, string>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const PACKAGE = JSON.parse(read("package.json")) as Manifest;
/** The `dependencies` of the manifest a stage installs (deploy/site/package.json for the site's runtime). */
const installedBy = (stage: Stage | undefined) => {
  const manifest = stage && installedManifest(stage);
  return manifest ? ((JSON.parse(read(manifest)) as Manifest).dependencies ?? {}) : {};
};
const SCRIPTS = Object.keys(PACKAGE.scripts);
const dockerfile = read("Dockerfile");
const compose = parse(read("compose.yaml")) as {
  services: Record<
    string,
    { environment?: Record<string, string>; ports?: string[]; expose?: string[]; healthcheck?: { test: string[] } }
  >;
};
const unit = read("deploy/voxa-site.service");
const STAGES = dockerStages(dockerfile);
const BUILD = STAGES.find((stage) => stage.name === "build")!;
const LOCK = JSON.parse(read("package-lock.json")) as Lockfile;

/**
 * The lockfile's folders that a stage's `npm ci --omit=dev --workspace=<folder>` installs, as npm decides
 * (tests/support/workspace-install.ts; tests/deploy/editor-image.slow.test.ts checks it against npm's own answer).
 */
function installedFrom(stage: Stage): Map<string, unknown> {
  const manifest = installedManifest(stage);
  const install = npmCiOf(stage);
  expect(install, `the ${stage.name} stage's npm ci`).toMatch(/\s--omit=dev(\s|$)/);
  const workspace = manifest === "package.json" ? undefined : path.posix.dirname(manifest!);
  return lockfileInstall(LOCK, { workspace, omitDev: true });
}

/** The checkout's files that a stage copies from the build context or the build stage, each COPY's --exclude applied. */
function carriedBy(stage: Stage): string[] {
  return stage.steps.flatMap((step) => {
    if (step.kind !== "copy" || (step.from && step.from !== BUILD.name)) return [];
    const exclude = step.exclude.map(excludePattern);
    return step.sources.flatMap((source) => {
      const local = step.from ? path.posix.relative(BUILD.workdir, path.posix.resolve(BUILD.workdir, source)) : source;
      // What the build stage makes (its install, the site's build, the build's picture cache) is no file of the
      // checkout: a copy here would be whatever a test or a build left, or nothing on a fresh clone.
      if (local.startsWith("node_modules/") || local === "build" || local.startsWith(".cache/")) return [];
      const walk = (relative: string): string[] => {
        const full = path.join(ROOT, local, relative);
        if (!statSync(full).isDirectory()) return [relative ? `${local}/${relative}` : local];
        return readdirSync(full)
          .map((name) => (relative ? `${relative}/${name}` : name))
          .filter((child) => !exclude.some((pattern) => pattern.test(child)))
          .flatMap(walk);
      };
      return walk("");
    });
  });
}

/**
 * What a stage holds of the checkout, as a module reader: a file's text where the stage copies it (from the build stage,
 * whose WORKDIR holds the checkout, or from the build context), unless a --exclude of that copy leaves it out.
 */
function readerOf(stage: Stage): (file: string) => string | undefined {
  const copies = stage.steps.flatMap((step) => {
    if (step.kind !== "copy" || (step.from && step.from !== BUILD.name)) return [];
    const exclude = step.exclude.map(excludePattern);
    return step.sources.map((source) => ({
      source: step.from ? path.posix.relative(BUILD.workdir, path.posix.resolve(BUILD.workdir, source)) : source,
      exclude,
    }));
  });
  return (file) => {
    const copy = copies.find(({ source }) => file === source || file.startsWith(`${source}/`));
    if (!copy || !existsSync(path.join(ROOT, file))) return undefined;
    // Docker leaves out what a pattern matches, and everything under a folder it matches.
    const parts = file === copy.source ? [] : file.slice(copy.source.length + 1).split("/");
    const excluded = parts.some((_, i) =>
      copy.exclude.some((pattern) => pattern.test(parts.slice(0, i + 1).join("/"))),
    );
    return excluded ? undefined : read(file);
  };
}

describe("Dockerfile, compose.yaml and the systemd unit name what exists", () => {
  const known = variablesRead();

  it("run npm scripts that package.json has", () => {
    const used = [...new Set([...dockerfile.matchAll(/npm run ([a-z:-]+)/g)].map((match) => match[1]))];
    expect(used).toEqual(["build", "build:nginx"]);
    for (const script of used) expect(SCRIPTS).toContain(script);
    expect(dockerfile).toContain("npm ci --omit=dev");
  });

  it("start the server's entry point and copy paths that exist", () => {
    expect(dockerfile).toContain('CMD ["node", "--import", "tsx", "server/main.ts"]');
    expect(unit).toContain("ExecStart=/usr/bin/node --import tsx server/main.ts");
    expect(existsSync(path.join(ROOT, "server/main.ts"))).toBe(true);
    const copied = [...dockerfile.matchAll(/COPY --from=build \/app\/(\S+)/g)].map((match) => match[1]);
    expect(copied.length).toBeGreaterThan(4);
    for (const source of copied.filter((source) => !source.startsWith("node_modules") && source !== "build"))
      expect(existsSync(path.join(ROOT, source)), source).toBe(true);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it("set only variables the server reads", () => {
    const fromDocker = Object.keys(dockerStages(dockerfile).at(-1)?.env ?? {});
    const fromCompose = Object.keys(compose.services.site.environment ?? {});
    const fromUnit = [...unit.matchAll(/^Environment=(.+)$/gm)].flatMap((match) =>
      [...match[1].matchAll(/([A-Z_]+)=/g)].map((pair) => pair[1]),
    );
    for (const name of [...fromDocker, ...fromCompose, ...fromUnit]) expect(known, name).toContain(name);
    expect(fromCompose).toEqual(expect.arrayContaining(["DATABASE_URL", "REDIS_URL", "LEAD_TOKEN_SECRET", "SMTP_URL"]));
  });

  it("publish the ports the server listens on", () => {
    const port = /PORT=(\d+)/.exec(dockerfile)?.[1];
    expect(dockerfile).toContain(`EXPOSE ${port}`);
    const site = compose.services.site;
    expect(site.ports).toEqual([`${site.environment?.PORT}:${site.environment?.PORT}`]);
    expect(site.expose).toEqual([site.environment?.METRICS_PORT]);
  });

  it("probe paths that answer 200", async () => {
    const app = await buildServer({ config: testConfig() });
    const probes = new Set(
      [
        ...dockerfile.matchAll(/\/(healthz|readyz)\b/g),
        ...(compose.services.site.healthcheck?.test.join(" ") ?? "").matchAll(/\/(healthz|readyz)\b/g),
      ].map((match) => `/${match[1]}`),
    );
    expect([...probes].sort()).toEqual(["/healthz", "/readyz"]);
    for (const probe of probes) expect((await app.inject(probe)).statusCode, probe).toBe(200);
    await app.close();
  });
});

describe("the Dockerfile's runtime stage", () => {
  const runtime = STAGES[STAGES.length - 1];
  const inImage = readerOf(runtime);
  const started = scriptsRun(documentedLeadsCommands(read("docs/server.md")));
  const entries = entryModules(runtime, PACKAGE.scripts, started);

  it("copies every module that its CMD and the documented leads CLI import", () => {
    expect(started).toEqual(["leads"]);
    expect(entries.length).toBeGreaterThan(started.length);
    expect(missingModules(entries, inImage)).toEqual([]);
  });

  it("installs the manifest whose `dependencies` are the packages the server and the leads CLI load, and no others", () => {
    expect(installedManifest(runtime)).toBe("deploy/site/package.json");
    const modules = importedModules(entries, inImage);
    const dependencies = Object.keys(installedBy(runtime));
    for (const [name, file] of packagesLoaded(modules)) expect(dependencies, `${file} loads ${name}`).toContain(name);
    // The others are named as a string in that code (a logger's transport) or run by the CMD and the scripts (tsx).
    const commands = new Set([...runtime.cmd, ...started.flatMap((name) => PACKAGE.scripts[name].split(/\s+/))]);
    const code = [...modules.values()].join("\n");
    const unused = dependencies.filter((name) => !commands.has(name) && !code.includes(`"${name}"`));
    expect(unused).toEqual([]);
  });
});

describe("the team editor's image and service", () => {
  const editorStage = dockerStages(dockerfile).find((stage) => stage.name === "editor");
  const service = (parse(read("compose.yaml")) as { services: Record<string, Record<string, unknown>> }).services
    .editor as { build: { target: string }; environment: Record<string, string> };
  /** Every variable the team editor reads: its settings and, for publishing, the forge's token and the mail server. */
  const readByEditor = (() => {
    const names = new Set<string>();
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return name === "app" ? [] : walk(full);
        return full.endsWith(".ts") && !full.includes(".test.") ? [full] : [];
      });
    for (const file of walk(path.join(ROOT, "editor")))
      for (const match of readFileSync(file, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]+)|"([A-Z][A-Z0-9_]+)"/g))
        names.add(match[1] ?? match[2]);
    return names;
  })();

  it("is a stage of its own that starts npm run edit:team's entry point, with git, before the site's runtime stage", () => {
    expect(editorStage?.cmd).toEqual(["node", "--import", "tsx", "editor/team-main.ts"]);
    expect(PACKAGE.scripts["edit:team"]).toContain("editor/team-main.ts");
    expect(existsSync(path.join(ROOT, "editor/team-main.ts"))).toBe(true);
    expect(editorStage?.steps.some((step) => step.kind === "run" && step.commands.join(" ").includes("install"))).toBe(
      true,
    );
    expect(dockerStages(dockerfile).at(-1)?.name).toBe("runtime");
  });

  it("is compose's service `editor`, on PostgreSQL; the service and the stage set only variables the team editor reads", () => {
    expect(service.build.target).toBe("editor");
    expect(service.environment.EDIT_TEAM_DATABASE_URL).toMatch(/^postgres:\/\//);
    for (const name of Object.keys(service.environment)) expect(readByEditor, name).toContain(name);
    for (const name of Object.keys(editorStage?.env ?? {})) expect(readByEditor, name).toContain(name);
  });

  it("copies every module the editor's code imports, and installs its own manifest, which declares every package they load", () => {
    const inImage = readerOf(editorStage!);
    const entries = editorEntries(ROOT);
    expect(missingModules(entries, inImage)).toEqual([]);
    expect(installedManifest(editorStage!)).toBe("deploy/team-editor/package.json");
    const declared = Object.keys(installedBy(editorStage));
    const loaded = packagesLoaded(importedModules(entries, inImage));
    expect(
      [...loaded].filter(([name]) => !declared.includes(name)).map(([name, file]) => `${file} loads ${name}`),
    ).toEqual([]);
    // tsx runs the CMD.
    expect(declared).toContain(editorStage!.cmd[2]);
    // What it copies of the editor's folder leaves out the tests, their helpers and the benchmarks.
    for (const file of ["editor/server.test.ts", "editor/app/test-boot.ts", "editor/bench-preview.ts"])
      expect(inImage(file), file).toBeUndefined();
  });

  it("installs every package the editor's code loads where that code finds it, the top of node_modules", () => {
    const installed = installedFrom(editorStage!);
    const loaded = packagesLoaded(importedModules(editorEntries(ROOT), readerOf(editorStage!)));
    expect(loaded.size).toBeGreaterThan(10);
    expect(
      [...loaded]
        .filter(([name]) => !installed.has(`node_modules/${name}`))
        .map(([name, file]) => `${file} loads ${name}, which npm ci installs elsewhere or not at all`),
    ).toEqual([]);
  });

  it("carries no test, test helper, benchmark or report, and nothing it carries imports a tool of the tests", () => {
    const files = carriedBy(editorStage!);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("editor/team-main.ts");
    expect(files.filter((file) => TEST_FILE.test(file))).toEqual([]);
    const modules = new Map(files.filter((file) => /\.tsx?$/.test(file)).map((file) => [file, read(file)]));
    const testCode = [...packagesLoaded(modules)].filter(([name]) => TEST_TOOLS.includes(name));
    expect(testCode.map(([name, file]) => `${file} loads ${name}`)).toEqual([]);
  });
});

describe("the runtimes' package manifests", () => {
  const manifests = ["runtime", "editor"].map((name) =>
    installedManifest(STAGES.find((stage) => stage.name === name)!)!,
  );
  const manifestOf = (file: string) => JSON.parse(read(file)) as Manifest;

  it("are the root package's workspaces, pinned by its one lockfile, each package declared once", () => {
    expect(manifests).toEqual(["deploy/site/package.json", "deploy/team-editor/package.json"]);
    expect(PACKAGE.workspaces).toEqual(manifests.map((file) => path.posix.dirname(file)));
    expect(PACKAGE.dependencies).toBeUndefined();
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { dependencies?: Record<string, string> }>;
    };
    for (const manifest of manifests) {
      const declared = manifestOf(manifest).dependencies ?? {};
      // `npm ci` refuses a lockfile out of step with a workspace's manifest: run `npm install` after changing one.
      expect(lock.packages[path.posix.dirname(manifest)]?.dependencies, manifest).toEqual(declared);
      const again = Object.keys(declared).filter((name) => name in (PACKAGE.devDependencies ?? {}));
      expect(again, `${manifest} and package.json's devDependencies both declare`).toEqual([]);
    }
  });

  it("install, from the lockfile, no tool of the tests or of the site's build (but the editor's, which builds previews), at any depth", () => {
    for (const name of ["runtime", "editor"]) {
      const installed = new Set(
        [...installedFrom(STAGES.find((stage) => stage.name === name)!).keys()].map(packageName),
      );
      expect(installed.size, name).toBeGreaterThan(100);
      expect(
        [...TEST_TOOLS, ...BUILD_TOOLS, ...(name === "runtime" ? SITE_BUILD_TOOLS : [])].filter((tool) =>
          installed.has(tool),
        ),
        name,
      ).toEqual([]);
    }
  });

  it("ask the same versions of a package that both runtimes install", () => {
    const [site, editor] = manifests.map((file) => manifestOf(file).dependencies ?? {});
    const shared = Object.keys(site).filter((name) => name in editor);
    expect(shared.length).toBeGreaterThan(0);
    for (const name of shared) expect(editor[name], name).toBe(site[name]);
  });

  it("are copied into each stage that installs, before its install", () => {
    for (const stage of STAGES) {
      const manifest = installedManifest(stage);
      if (!manifest) continue;
      const needed = ["package.json", "package-lock.json", ...(manifest === "package.json" ? manifests : [manifest])];
      const install = stage.steps.findIndex(
        (step) => step.kind === "run" && step.commands.some((command) => /^npm ci\b/.test(command)),
      );
      const copied = stage.steps.slice(0, install).flatMap((step) =>
        step.kind === "copy" && !step.from
          ? step.sources.map((source) => {
              const dest = step.dest.endsWith("/")
                ? path.posix.join(step.dest, path.posix.basename(source))
                : step.dest;
              return path.posix.relative(stage.workdir, path.posix.resolve(stage.workdir, dest));
            })
          : [],
      );
      expect(copied, stage.name).toEqual(expect.arrayContaining(needed));
    }
  });
});
