// @vitest-environment node
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogueError, formatCatalogueError, formatNotice, leadsCliLines } from "../../contract/errors.ts";
import { HONEYPOT_FIELD, LEADS_ROUTE } from "../../contract/lead-api.ts";
import { LEAD_COLUMNS } from "../../server/db/store.ts";
import { leadHeaders, leadToken } from "../../scripts/measure/lead-server.ts";
import { assertBuilt, freePort } from "../../scripts/measure/serve.ts";
import { dockerStages, type Stage } from "../support/dockerfile.ts";
import { VALID_LEAD } from "../support/lead-api-suite.ts";
import { layOutStage, megabytes, npmCiOf, npmCiWouldAdd } from "../support/runtime-image.ts";
import {
  documentedLeadsCommands,
  entryModules,
  importedModules,
  missingModules,
  packagesLoaded,
  scriptsRun,
} from "../support/runtime-code.ts";
import {
  addedPackages,
  installedFolders,
  type Lockfile,
  lockfileInstall,
  packagesIn,
} from "../support/workspace-install.ts";

/**
 * The Dockerfile's runtime stage, laid out without Docker from a built checkout (its production install, its sqlite
 * binary, each COPY --from=build), its CMD started, and the leads CLI run in it as docs/server.md gives it to
 * operators. Needs `npm run build` (CI's gate runs it before this tier).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const stages = dockerStages(read("Dockerfile"));
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
const commands = documentedLeadsCommands(read("docs/server.md"));
const MAX_NODE_MODULES_MB = 120;
const SECRET = "image-secret-image-secret-image-secret-01";
// The docs' example address, so that their erasure command runs as it is written.
const JANE = { ...VALID_LEAD, firstName: "Jane", companyEmail: "jane@company.com" };
const BOT = { ...VALID_LEAD, firstName: "Bot", companyEmail: "bot@spam.example", [HONEYPOT_FIELD]: "spam.example" };

let dir: string;
let stage: Stage;
let server: ChildProcess;
let url: string;
let env: NodeJS.ProcessEnv;
let output = "";
/** What npm itself says the stage's `npm ci` adds. */
let npmAdds: Promise<string[]>;

/** A command in the laid-out image, through a shell as an operator types it. */
function inImage(command: string) {
  const result = spawnSync("sh", ["-c", command], { cwd: dir, env, encoding: "utf8" });
  console.log(`$ ${command}\n${result.stdout}${result.stderr}`);
  expect(result.status, result.stderr).toBe(0);
  return result;
}

async function waitUntilReady() {
  for (const started = Date.now(); Date.now() - started < 120_000;) {
    if (server.exitCode !== null) throw new Error(`the image's CMD exited ${server.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the image's CMD did not answer /readyz within 120 s:\n${output}`);
}

async function postLead(lead: { companyEmail: string }) {
  const response = await fetch(`${url}${LEADS_ROUTE}`, {
    method: "POST",
    headers: leadHeaders(await leadToken(url), `image-${lead.companyEmail}`),
    body: JSON.stringify(lead),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

beforeAll(async () => {
  try {
    assertBuilt();
  } catch (error) {
    // The catalogue's whole text, with what to run: the runner shows an error's message alone.
    throw error instanceof CatalogueError ? new Error(formatCatalogueError(error)) : error;
  }
  // Outside the checkout: nothing in the layout may find a package in the checkout's node_modules.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-image-"));
  npmAdds = npmCiWouldAdd(ROOT, stages.at(-1)!);
  stage = await layOutStage(ROOT, stages, dir);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: os.tmpdir(),
    // npm would otherwise look for a newer npm, and may say so on standard error.
    npm_config_update_notifier: "false",
    ...stage.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LEAD_TOKEN_SECRET: SECRET,
    SHUTDOWN_GRACE_MS: "0",
  };
  const [program, ...args] = stage.cmd;
  server = spawn(program, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [server.stdout, server.stderr]) stream?.on("data", (chunk: Buffer) => (output += chunk));
  await waitUntilReady();
}, 300_000);

afterAll(async () => {
  if (server?.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the Dockerfile's runtime stage, laid out from a built checkout", () => {
  it("installs what npm ci installs from the manifests it copies, at the lockfile's folders and versions", async () => {
    // Laid out from the checkout's own install (tests/support/workspace-install.ts), as npm itself would install it.
    expect(npmCiOf(stage)).toBe("npm ci --omit=dev --workspace=deploy/site --ignore-scripts");
    const lock = JSON.parse(read("package-lock.json")) as Lockfile;
    const install = lockfileInstall(lock, { workspace: "deploy/site", omitDev: true });
    expect(Object.fromEntries(packagesIn(dir))).toEqual(Object.fromEntries(installedFolders(install)));
    expect(addedPackages(install, lock)).toEqual(await npmAdds);
  });

  it("holds every module its CMD and the leads CLI import, and every package they load", () => {
    const inLayout = (file: string) => {
      const full = path.join(dir, file);
      return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : undefined;
    };
    expect(scriptsRun(commands)).toEqual(["leads"]);
    const entries = entryModules(stage, scripts, scriptsRun(commands));
    expect(missingModules(entries, inLayout)).toEqual([]);
    const packages = packagesLoaded(importedModules(entries, inLayout));
    const absent = [...packages]
      .filter(([name]) => !fs.existsSync(path.join(dir, "node_modules", name, "package.json")))
      .map(([name, file]) => `${file} loads ${name}, which the production install leaves out`);
    expect(absent).toEqual([]);
  });

  it("gives the same leads commands for the container as docs/server.md, which are the ones run here", () => {
    const container = [...read("docs/deploy.md").matchAll(/^docker compose exec -T \S+ (npm run .+?)(?:\s+#.*)?$/gm)];
    expect(container.length).toBeGreaterThan(0);
    for (const [, command] of container) expect(commands).toContain(command.trim());
  });

  it("serves the build and takes leads; the documented leads commands export, erase, purge, list and release", async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toMatch(/^text\/html/);
    await postLead(JANE);
    await postLead(BOT);

    let quarantinedId = "";
    const run: string[] = [];
    for (const command of commands) {
      const subcommand = /-- (\w+)/.exec(command)?.[1] ?? "";
      run.push(subcommand);
      if (subcommand === "export") {
        const { stderr } = inImage(command);
        expect(stderr).toBe(`${formatNotice(leadsCliLines.exported, { count: 1 })}\n`);
        const file = /> (\S+)/.exec(command)?.[1];
        const lines = fs.readFileSync(path.join(dir, file ?? "-"), "utf8").split("\r\n");
        expect(lines[0]).toBe(["id", "createdAt", ...Object.keys(LEAD_COLUMNS)].join(","));
        expect(lines[1]).toContain(",Jane,Hughes,jane@company.com,");
        expect(lines.slice(2)).toEqual([""]);
      } else if (subcommand === "erase") {
        const email = /--email (\S+)/.exec(command)?.[1] ?? "";
        expect(email).toBe(JANE.companyEmail);
        expect(inImage(command).stderr).toBe(`${formatNotice(leadsCliLines.erased, { count: 1, email })}\n`);
      } else if (subcommand === "purge") {
        const { stderr } = inImage(command);
        const before = /before (\S+Z)\./.exec(stderr)?.[1] ?? "";
        expect(stderr).toBe(`${formatNotice(leadsCliLines.purged, { count: 0, before })}\n`);
        expect(Date.now() - Date.parse(before)).toBeGreaterThanOrEqual(365 * 86_400_000);
      } else if (subcommand === "list") {
        const { stdout, stderr } = inImage(command);
        expect(stderr).toBe(`${formatNotice(leadsCliLines.quarantined, { count: 1 })}\n`);
        expect(stdout).toContain('trap: "spam.example"\n');
        expect(stdout).toContain('  companyEmail: "bot@spam.example"\n');
        quarantinedId = /^(\S+) {2}\S+ {2}trap: /m.exec(stdout)?.[1] ?? "";
      } else if (subcommand === "release") {
        // The docs' id is an example: the one `list --spam` showed is released.
        const { stderr } = inImage(command.replace(/release \S+/, `release ${quarantinedId}`));
        expect(stderr).toBe(`${formatNotice(leadsCliLines.released, { id: quarantinedId, channels: [] })}\n`);
      } else {
        throw new Error(`docs/server.md gives \`${command}\`, which this test does not check yet`);
      }
    }
    expect(run).toEqual(expect.arrayContaining(["export", "erase"]));

    // What is left: Jane erased, the released lead exported like any other.
    const left = JSON.parse(inImage("npm run -s leads -- export --format json").stdout) as { companyEmail: string }[];
    expect(left.map((lead) => lead.companyEmail)).toEqual(run.includes("release") ? [BOT.companyEmail] : []);
  });

  it(`installs at most ${MAX_NODE_MODULES_MB} MB of node_modules`, () => {
    const size = megabytes(path.join(dir, "node_modules"));
    console.log(`The runtime image's node_modules: ${size.toFixed(1)} MB`);
    expect(size).toBeLessThanOrEqual(MAX_NODE_MODULES_MB);
  });
});
