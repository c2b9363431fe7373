// @vitest-environment node
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorLines } from "../../contract/errors.ts";
import { freePort } from "../../scripts/measure/serve.ts";
import { dockerStages, installedManifest } from "../support/dockerfile.ts";
import { callEditor, type EditorSession, siteRemote, type SiteRemote } from "../support/editor/team/test-process.ts";
import { type ImageLayout, layOutImage, megabytes, npmCiWouldAdd } from "../support/runtime-image.ts";
import {
  BUILD_TOOLS,
  editorEntries,
  importedModules,
  missingModules,
  packagesLoaded,
  TEST_FILE,
  TEST_TOOLS,
} from "../support/runtime-code.ts";
import {
  addedPackages,
  installedFolders,
  type Lockfile,
  packageName,
  packagesIn,
} from "../support/workspace-install.ts";

/**
 * The Dockerfile's editor stage, the team editor's image, laid out without Docker from the checkout and started. What
 * it proves:
 *
 * - its install is what `npm ci --omit=dev --workspace=deploy/team-editor --ignore-scripts` installs from the
 *   lockfile and manifests it copies, as npm itself says (its `--dry-run`), at the lockfile's folders and versions;
 * - every module the editor imports (its servers, its pages' scripts, the blocks' manifests) is copied, and every
 *   package they load is installed and declared by deploy/team-editor/package.json;
 * - no tool of the tests or of the site's build is installed, nothing it carries imports one, and it carries no test,
 *   test helper, benchmark or report;
 * - its RUN step builds the editor's pages with nothing but what it installed and copied, and its CMD serves them as
 *   they are;
 * - its CMD starts on the image's defaults (SQLite, sign-in links printed in its terminal) against a git repository
 *   made here: the sign-in page answers, the HEALTHCHECK passes (and fails on another port), a person signs in by the
 *   printed link and opens the editor and the site's pages;
 * - it builds a review request's preview as the editor does (editor/team/previews/builds.ts, its own copy, with the
 *   image's environment and work folder): the site's build it carries holds its record there (the same code digests
 *   as the checkout's), the published site's build starts from it, the request's renders only the pages it changes,
 *   and nothing is written outside the work folder and the folders the stage gives its user.
 *
 * What needs neither an install nor a start (the stage's copies against the import graph, the lockfile's install for
 * the workspace against the tools of the tests) is checked first, in seconds, by tests/deploy/deploy-files.test.ts.
 * Here, the install is laid out by tests/support/workspace-install.ts: the packages npm would install, linked from the
 * checkout's own install of the same lockfile (byte for byte what npm unpacks, a package with an install script
 * unpacked from its tarball), instead of npm unpacking some 580 MB again; the page build runs beside the making of the
 * repository. Needs a site build (`npm run build`), which the stage copies as the build stage's.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const stages = dockerStages(read("Dockerfile"));
const EMAIL = "ada.lovelace@company.com";
/** The image's node_modules, its preview build's and the site's build's packages included; printed by the test. */
const MAX_NODE_MODULES_MB = 720;
/** The review request whose preview the image builds, and its branch, which changes the about page's heading. */
const REQUEST = 7;
const BRANCH = "voxa-editor/mia/about";
const HEADING = "Meet the team behind Voxa";

let dir: string;
let image: ImageLayout;
let site: SiteRemote;
let editor: ChildProcess;
let origin = "";
let env: NodeJS.ProcessEnv;
let output = "";
/** What npm itself says the stage's `npm ci` adds. */
let npmAdds: Promise<string[]>;

const inLayout = (file: string) => {
  const full = path.join(image.workdir, file);
  return fs.existsSync(full) && fs.statSync(full).isFile() ? fs.readFileSync(full, "utf8") : undefined;
};

/** The layout's files outside node_modules, relative to its WORKDIR. */
function carried(folder = image.workdir): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : carried(full);
    return [path.relative(image.workdir, full).split(path.sep).join("/")];
  });
}

/**
 * The digests the build's record compares (scripts/pipeline/build-state.ts codeDigests) of the project at `cwd`, as a
 * preview's build computes them, with `env` and the checkout's public/ (a preview's is its request's).
 */
function codeDigests(cwd: string, base: NodeJS.ProcessEnv): Record<string, string> {
  const code = `import("./scripts/pipeline/build-state.ts").then((state) => console.log(JSON.stringify(state.codeDigests())))`;
  return JSON.parse(
    execFileSync("node", ["--import", "tsx", "-e", code], {
      cwd,
      encoding: "utf8",
      env: { ...base, NODE_ENV: "production", SITE_PUBLIC_DIR: path.join(ROOT, "public") },
    }),
  ) as Record<string, string>;
}

/** The files and folders under `folder` changed since `since` (ms), by their path. */
function changedSince(folder: string, since: number): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.lstatSync(file).mtimeMs > since);
}

/** Every package installed in the layout, at any depth, by name. */
const installedPackages = () => new Set([...packagesIn(image.workdir).keys()].map(packageName));

/** The last sign-in link the editor printed for `email`, waiting a little for it. */
async function linkFor(email: string): Promise<URL> {
  for (let tries = 0; tries < 100; tries++) {
    const link = [...output.matchAll(/Sign-in link for (\S+) .*?: (\S+)/g)]
      .filter((match) => match[1] === email)
      .at(-1);
    if (link) return new URL(link[2]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in link for ${email}:\n${output}`);
}

beforeAll(async () => {
  // Outside the checkout: nothing in the layout may find a package in the checkout's node_modules.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-editor-image-"));
  // npm's own answer, from what the stage copies before its install, found beside the layout.
  npmAdds = npmCiWouldAdd(
    ROOT,
    stages.find((stage) => stage.name === "editor")!,
  );
  // The pages' build (a process of its own) goes on while the site's repository is made: this project's committed
  // files, with the team in editor-team.json.
  const laidOut = layOutImage(ROOT, stages, "editor", path.join(dir, "image"));
  laidOut.catch(() => undefined);
  site = siteRemote({ people: { [EMAIL]: "admin" }, domains: {} });
  image = await laidOut;
  const port = await freePort();
  // The image's defaults: no EDIT_TEAM_URL, so http://localhost:<port>, SQLite in data/, links printed in the terminal.
  origin = `http://localhost:${port}`;
  const home = path.join(dir, "home");
  fs.mkdirSync(home);
  env = {
    ...image.env,
    HOME: home,
    // Git's settings of this test alone (never the machine's), as the container has none of its own.
    ...Object.fromEntries(Object.entries(site.gitEnv).filter(([name]) => name.startsWith("GIT_"))),
    EDIT_TEAM_HOST: "127.0.0.1",
    EDIT_TEAM_PORT: String(port),
    EDIT_TEAM_SOURCE: site.remote,
  };
  const [program, ...args] = image.stage.cmd;
  editor = spawn(program, args, { cwd: image.workdir, env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [editor.stdout, editor.stderr]) stream?.on("data", (chunk: Buffer) => (output += chunk));
  for (const started = Date.now(); !output.includes("Team page editor:");) {
    if (editor.exitCode !== null) throw new Error(`the image's CMD exited ${editor.exitCode}:\n${output}`);
    if (Date.now() - started > 120_000) throw new Error(`the image's CMD did not start within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 900_000);

afterAll(async () => {
  if (editor?.exitCode === null) {
    const exited = new Promise((resolve) => editor.once("exit", resolve));
    editor.kill("SIGTERM");
    await exited;
  }
  site?.remove();
  // Some 30 000 files: removed beside the next tests, and what is left with the run's temporary folder
  // (tests/support/run-temp-dir.ts).
  if (dir) void fs.promises.rm(dir, { recursive: true, force: true }).catch(() => undefined);
});

describe("the Dockerfile's editor stage, laid out from the checkout", () => {
  it("installs what npm ci installs from the manifests it copies: the workspace's packages at the lockfile's folders and versions", async () => {
    expect(image.install?.command).toBe("npm ci --omit=dev --workspace=deploy/team-editor --ignore-scripts");
    const lock = JSON.parse(inLayout("package-lock.json")!) as Lockfile;
    const planned = installedFolders(image.install!.packages);
    expect(planned.size).toBeGreaterThan(100);
    expect(Object.fromEntries(packagesIn(image.workdir))).toEqual(Object.fromEntries(planned));
    expect(addedPackages(image.install!.packages, lock)).toEqual(await npmAdds);
    // The install scripts ran in the checkout, not here: better-sqlite3's addon is the one the stage copies.
    expect(fs.readdirSync(path.join(image.workdir, "node_modules/better-sqlite3/build"))).toEqual(["Release"]);
  });

  it("holds every module the editor's code imports, and installs, as its manifest declares, every package they load", () => {
    const entries = editorEntries(image.workdir);
    expect(entries).toContain(image.stage.cmd.at(-1));
    expect(missingModules(entries, inLayout)).toEqual([]);
    const manifest = installedManifest(image.stage);
    expect(manifest).toBe("deploy/team-editor/package.json");
    const declared = Object.keys((JSON.parse(read(manifest!)) as { dependencies: object }).dependencies);
    const installed = installedPackages();
    const problems = [...packagesLoaded(importedModules(entries, inLayout))].flatMap(([name, file]) => [
      ...(installed.has(name) ? [] : [`${file} loads ${name}, which the image does not install`]),
      ...(declared.includes(name) ? [] : [`${file} loads ${name}, which ${manifest} does not declare`]),
    ]);
    expect(problems).toEqual([]);
  });

  it("installs no tool of the tests, and carries no test, test helper, benchmark or report", () => {
    const installed = installedPackages();
    expect([...TEST_TOOLS, ...BUILD_TOOLS].filter((name) => installed.has(name))).toEqual([]);
    const files = carried();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => TEST_FILE.test(file))).toEqual([]);
    // What imports a test tool is a test's, wherever it lies and whatever its name.
    const modules = new Map(files.filter((file) => /\.tsx?$/.test(file)).map((file) => [file, inLayout(file)!]));
    const testCode = [...packagesLoaded(modules)].filter(([name]) => TEST_TOOLS.includes(name));
    expect(testCode.map(([name, file]) => `${file} loads ${name}`)).toEqual([]);
    const size = megabytes(path.join(image.workdir, "node_modules"));
    console.log(`The editor image's node_modules: ${size.toFixed(1)} MB, ${installed.size} packages`);
    expect(size).toBeLessThanOrEqual(MAX_NODE_MODULES_MB);
  });

  it("builds its pages in the image, which its CMD serves as they are, without building them again", () => {
    const bundles = fs.readdirSync(path.join(image.workdir, "node_modules/.vite-editor"));
    expect(bundles.filter((name) => name.startsWith("bundle-"))).toHaveLength(1);
    expect(output).not.toContain(editorLines.building.message);
  });

  it("serves its sign-in page, and its HEALTHCHECK passes", async () => {
    const page = await fetch(`${origin}/team/sign-in`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("Get a sign-in link");
    const home = await fetch(`${origin}/`, { redirect: "manual" });
    expect(home.status).toBe(303);
    expect(home.headers.get("location")).toMatch(/^\/team\/sign-in/);

    expect(image.stage.healthcheck).toBeDefined();
    const health = spawnSync("sh", ["-c", image.stage.healthcheck!], { cwd: image.workdir, env, encoding: "utf8" });
    expect(health.status, `${health.stdout}${health.stderr}`).toBe(0);
    const elsewhere = spawnSync("sh", ["-c", image.stage.healthcheck!], {
      cwd: image.workdir,
      env: { ...env, EDIT_TEAM_PORT: String(await freePort()) },
    });
    expect(elsewhere.status).toBe(1);
  });

  it("signs a person in by the link it prints, and opens its page and the site's pages from their own copy", async () => {
    const asked = await callEditor(origin, undefined, "POST", "/team/link", { email: EMAIL });
    expect(asked.status).toBe(202);
    const token = (await linkFor(EMAIL)).hash.slice(1);
    const used = await callEditor(origin, undefined, "POST", "/team/link/use", { token });
    expect(used.status).toBe(200);
    const cookie = used.response.headers.get("set-cookie")!.split(";")[0]!;
    const { csrfToken } = (await (await fetch(`${origin}/team/session`, { headers: { cookie } })).json()) as {
      csrfToken: string;
    };
    const session: EditorSession = { cookie, csrf: csrfToken };

    const page = await fetch(`${origin}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<meta name="editor-token" content="${csrfToken}" />`);
    const pages = await callEditor(origin, session, "GET", "/api/pages");
    expect(pages.status).toBe(200);
    expect(JSON.stringify(pages.json)).toContain('"path":"/about"');
  });

  it("carries the site's build with what builds it, its record's code digests the checkout's, and its packages as patched", () => {
    expect(fs.existsSync(path.join(image.workdir, "build/.incremental/state.json"))).toBe(true);
    expect(codeDigests(image.workdir, image.env)).toEqual(codeDigests(ROOT, { PATH: process.env.PATH }));
    // The layout unpacks a patched package as npm ci does, unpatched: the stage's copies of the patched files make it so.
    const patched = fs
      .readdirSync(path.join(ROOT, "patches"))
      .flatMap((name) => [...read(`patches/${name}`).matchAll(/^diff --git a\/(\S+) /gm)].map((match) => match[1]));
    expect(patched.length).toBeGreaterThan(0);
    for (const file of patched) expect(inLayout(file), file).toBe(read(file));
  });

  it("builds a review request's preview as the editor does, from the site's build it carries, writing only where its user may", async () => {
    const author = path.join(dir, "author");
    site.git(dir, "clone", "--quiet", site.remote, author);
    const about = path.join(author, "site-config/pages/about.json");
    const page = JSON.parse(fs.readFileSync(about, "utf8")) as { blocks: { heading?: string }[] };
    page.blocks[0]!.heading = HEADING;
    fs.writeFileSync(about, `${JSON.stringify(page, null, 2)}\n`);
    site.git(author, "-c", "user.name=Mia", "-c", "user.email=mia@company.com", "commit", "--quiet", "-am", "About");
    site.git(author, "push", "--quiet", "origin", `HEAD:refs/heads/${BRANCH}`);

    // The editor's own module, from the image, in a process with the image's environment, as the CMD runs it.
    const script = path.join(dir, "preview.mjs");
    fs.writeFileSync(
      script,
      `const { previewBuilds } = await import(${JSON.stringify(path.join(image.workdir, "editor/team/previews/builds.ts"))});
const builds = previewBuilds({
  workDir: process.env.EDIT_TEAM_WORK_DIR,
  source: ${JSON.stringify(site.remote)},
  root: process.cwd(),
  baseBranch: "main",
  branchOf: async (number) => (number === ${REQUEST} ? ${JSON.stringify(BRANCH)} : undefined),
  seedBuild: process.cwd() + "/build",
});
await builds.refresh(${REQUEST});
await builds.settled();
console.log(JSON.stringify({ base: builds.stateOf(0), request: builds.stateOf(${REQUEST}) }));
`,
    );
    const started = Date.now();
    const built = spawnSync("node", ["--import", "tsx", script], { cwd: image.workdir, env, encoding: "utf8" });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    expect(built.status, `${built.stdout}${built.stderr}`).toBe(0);
    const { base, request } = JSON.parse(built.stdout.trim().split("\n").at(-1)!) as Record<
      "base" | "request",
      { state: string; clientDir: string; summary?: string }
    >;
    console.log(
      `The image built a preview in ${seconds} s: the published site's (${base.summary}), the request's (${request.summary})`,
    );
    expect(base.state, JSON.stringify(base)).toBe("ready");
    expect(request.state, JSON.stringify(request)).toBe("ready");
    const workDir = image.at(image.stage.env.EDIT_TEAM_WORK_DIR!);
    expect(request.clientDir.startsWith(`${workDir}/previews/`)).toBe(true);

    // The published site's build starts from the one the image carries: in full only where the checkout's own build,
    // which the layout copies as the build stage's, was made from other code than the checkout's now.
    const recorded = (
      JSON.parse(fs.readFileSync(path.join(image.workdir, "build/.incremental/state.json"), "utf8")) as {
        code: Record<string, string>;
      }
    ).code;
    const now = codeDigests(ROOT, { PATH: process.env.PATH });
    const stale = [...new Set([...Object.keys(recorded), ...Object.keys(now)])]
      .sort()
      .find((file) => recorded[file] !== now[file]);
    if (stale) expect(base.summary).toBe(`Building every page: ${stale} changed since the last build.`);
    else expect(base.summary).not.toMatch(/^Building every page/);
    expect(request.summary).toMatch(/^1 changed file: rendered \d+ of \d+ pages again/);
    const html = (preview: { clientDir: string }, file: string) =>
      fs.readFileSync(path.join(preview.clientDir, file), "utf8");
    expect(html(request, "about/index.html")).toContain(HEADING);
    expect(html(base, "about/index.html")).not.toContain(HEADING);
    expect(html(request, "contact/index.html")).toBe(html(base, "contact/index.html"));

    // The image's user owns the work folder and what the stage gives it; the rest of the image is root's.
    const writable = image.stage.steps
      .flatMap((step) => (step.kind === "run" ? step.commands.filter((command) => command.startsWith("chown ")) : []))
      .flatMap((command) => command.split(/\s+/).filter((word) => word.startsWith("/")))
      .map((folder) => image.at(folder));
    expect(writable).toContain(workDir);
    const elsewhere = changedSince(path.join(dir, "image"), started).filter(
      (file) => !writable.some((folder) => file === folder || file.startsWith(`${folder}/`)),
    );
    expect(elsewhere).toEqual([]);
  }, 600_000);
});
