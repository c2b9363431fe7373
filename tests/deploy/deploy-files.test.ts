// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildServer } from "../../server/app.ts";
import { dockerStages } from "../support/dockerfile.ts";
import {
  documentedLeadsCommands,
  entryModules,
  importedModules,
  missingModules,
  packagesLoaded,
  scriptsRun,
} from "../support/runtime-code.ts";
import { testConfig } from "../support/server.ts";

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

const PACKAGE = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
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
    const fromDocker = [...dockerfile.matchAll(/^ENV (.+)$/gm)].flatMap((match) =>
      [...match[1].matchAll(/([A-Z_]+)=/g)].map((pair) => pair[1]),
    );
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
  const stages = dockerStages(dockerfile);
  const runtime = stages[stages.length - 1];
  const build = stages.find((stage) => stage.name === "build");
  // What the stage copies from the build stage, as paths of the checkout (the build stage's WORKDIR holds it).
  const copied = runtime.steps.flatMap((step) =>
    build && step.kind === "copy" && step.from === build.name
      ? step.sources.map((source) => path.posix.relative(build.workdir, path.posix.resolve(build.workdir, source)))
      : [],
  );
  const inImage = (file: string) =>
    copied.some((source) => file === source || file.startsWith(`${source}/`)) && existsSync(path.join(ROOT, file))
      ? read(file)
      : undefined;
  const started = scriptsRun(documentedLeadsCommands(read("docs/server.md")));
  const entries = entryModules(runtime, PACKAGE.scripts, started);

  it("copies every module that its CMD and the documented leads CLI import", () => {
    expect(started).toEqual(["leads"]);
    expect(entries.length).toBeGreaterThan(started.length);
    expect(missingModules(entries, inImage)).toEqual([]);
  });

  it("installs as `dependencies` the packages that the server and the leads CLI load, and no others", () => {
    const modules = importedModules(entries, inImage);
    const dependencies = Object.keys(PACKAGE.dependencies);
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

  it("is compose's service `editor`, on PostgreSQL, setting only variables the team editor reads", () => {
    expect(service.build.target).toBe("editor");
    expect(service.environment.EDIT_TEAM_DATABASE_URL).toMatch(/^postgres:\/\//);
    for (const name of Object.keys(service.environment)) expect(readByEditor, name).toContain(name);
  });
});
