/**
 * Builds of the site that a suite serves instead of the main build (the browser suites' fixture pages, the generated
 * pages, a site whose lead API is on another origin). A build is minutes of work that uses the CPU while the browser suites mostly wait (on timers, on a
 * slowed CPU, on the editor), so when a tier's browser suites run together (`npm run test:e2e`, `npm run test:whole`), the global
 * setup starts them at once and the suites that need them run last (`sequencer.ts`), unless they were built before the
 * run (`build-ahead.ts`, as the gate does beside the slow tier); a suite run on its own starts its build itself. Either
 * way the suite reads the outcome from the build's `done` file.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CONFIG_DIR, ROOT } from "../../../toolchain/paths.ts";
import { freePort } from "../../../scripts/measure/serve.ts";
import { edgePages, generatePages, writeGeneratedConfig } from "../../support/generate-documents.ts";
import { BEHAVIOURS_PREFIX, fixtureRoute, writeFixtureSite } from "../../support/behaviour-pages.ts";

export interface SiteBuild {
  /** The build's own folders (its site-config/, its output, its log), removed with `removeBuild`. */
  work: string;
  /** BUILD_DIR of the build, inside the project: the prerenderer's server bundle resolves its packages from node_modules/. */
  buildDir: string;
  /** What the build's environment sets beyond the test run's. */
  env: Record<string, string>;
  /** Written when the build has ended: its exit status, the end of its output, its duration. */
  doneFile: string;
}

export interface BuildOutcome {
  status: number | null;
  output: string;
  seconds: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Builds started ahead by the global setup, by name (`behaviours`, `locales`, `generated`, `crossOrigin`); absent when a suite runs alone. */
    siteBuilds: SiteBuilds;
  }
}

/** Stops of the builds still running in this process, by done file. */
const running = new Map<string, () => void>();

/** Starts `react-router build` with `env`; its `done` file is written when it ends. */
function startBuild(name: string, env: Record<string, string>, work: string): SiteBuild {
  fs.mkdirSync(path.join(ROOT, "node_modules", ".cache"), { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(ROOT, "node_modules", ".cache", `${name}-`));
  const build: SiteBuild = { work, buildDir, env, doneFile: path.join(work, "build-done.json") };
  const started = Date.now();
  const child = spawn("npx", ["--no", "react-router", "build"], {
    cwd: ROOT,
    // A production build, as `npm run build` makes it: the test runner's NODE_ENV=test would make Vite build in
    // development mode, whose pages preload none of their blocks' DOM code.
    env: { ...process.env, ...env, NODE_ENV: "production", BUILD_DIR: buildDir },
    stdio: ["ignore", "pipe", "pipe"],
    // In a process group of its own, so that stopping it stops what npx started (the build and its prerenderers).
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // Already ended.
    }
  };
  // A run that ends early (interrupted, or a suite's timeout) takes its builds with it.
  process.on("exit", stop);
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-3000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.on("close", (status) => {
    running.delete(build.doneFile);
    process.off("exit", stop);
    // Stopped at the end of the run (its folders already removed): there is nobody to tell.
    if (!fs.existsSync(work)) return;
    const outcome: BuildOutcome = { status, output, seconds: Math.round((Date.now() - started) / 1000) };
    fs.writeFileSync(build.doneFile, JSON.stringify(outcome));
  });
  running.set(build.doneFile, stop);
  return build;
}

/** The generated pages' sample: `npm run test:generated` sets it from its options; CI's default is the small one. */
export const GENERATED_SAMPLE = {
  seed: Number(process.env.GENERATED_SEED ?? 20261123),
  maxVariants: Number(process.env.GENERATED_MAX_VARIANTS ?? 1),
  random: Number(process.env.GENERATED_RANDOM ?? 0),
};
export const generatedPages = () => generatePages(GENERATED_SAMPLE);

/**
 * A copy of site-config/ with the generated pages and the edge cases, built with the generated pages prerendered only
 * (PRERENDER_ONLY: the site's own are the main build's, checked by the other suites) and without preview cards, which
 * nothing here looks at and each generated page would render.
 */
function startGeneratedBuild() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-generated-"));
  const configDir = path.join(work, "site-config");
  writeGeneratedConfig(CONFIG_DIR, configDir, [...generatedPages(), ...edgePages()]);
  // The schemas live beside site-config/ for the `$schema` check of the validator.
  fs.symlinkSync(path.join(ROOT, "schemas"), path.join(work, "schemas"));
  return startBuild(
    "generated-pages",
    { SITE_CONFIG_DIR: configDir, PRERENDER_ONLY: "/generated/", PREVIEW_CARDS: "off" },
    work,
  );
}

/**
 * The browser suites' fixture pages as a site of their own (writeFixtureSite: a copy of site-config/ with them under
 * pages/behaviours/, and a public folder with their pictures, made by the test): the blocks are checked on pages of
 * the suites' own, so a change to the site's content can neither skip nor break them. `env` says which of the pages
 * the build prerenders (PRERENDER_ONLY), and what else it sets.
 */
async function startFixturesBuild(name: string, env: Record<string, string>) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `voxa-${name}-`));
  return startBuild(name, { ...(await writeFixtureSite(work)), ...env }, work);
}

/**
 * The lead form's fixture page only (PRERENDER_ONLY), built with VITE_LEAD_API_URL on a free port of 127.0.0.1:
 * another origin to the browser, where the suite starts its lead API.
 */
async function startCrossOriginBuild() {
  const apiPort = await freePort();
  return startFixturesBuild("cross-origin", {
    PRERENDER_ONLY: fixtureRoute("lead-form"),
    VITE_LEAD_API_URL: `http://127.0.0.1:${apiPort}/api`,
  });
}

/** Every fixture page (PRERENDER_ONLY), for the gate's suites: the second build costs the bundling and a few pages. */
const startBehavioursBuild = () => startFixturesBuild("behaviours", { PRERENDER_ONLY: BEHAVIOURS_PREFIX });

/**
 * The site in three locales (tests/locale-site/: English, German with fallback, Arabic right to left), built as it is
 * written, for the suites that check a locale's pages as its visitors get them.
 */
const startLocalesBuild = () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-locales-"));
  return startBuild(
    "locales",
    { SITE_CONFIG_DIR: path.join(ROOT, "tests", "locale-site", "site-config"), PREVIEW_CARDS: "off" },
    work,
  );
};

const STARTERS = {
  generated: startGeneratedBuild,
  crossOrigin: startCrossOriginBuild,
  behaviours: startBehavioursBuild,
  locales: startLocalesBuild,
};
export type SiteBuildName = keyof typeof STARTERS;
export type SiteBuilds = Partial<Record<SiteBuildName, SiteBuild>>;

/** The builds each tier's suites serve: started ahead when the tier's browser suites run together. */
const TIER_BUILDS: Record<"gate" | "whole", SiteBuildName[]> = {
  gate: ["behaviours", "locales"],
  whole: ["generated", "crossOrigin"],
};

/** Starts every build that the tier's suites need, for the global setup; the returned function stops and removes them. */
export async function startSiteBuilds(tier: "gate" | "whole"): Promise<{ builds: SiteBuilds; stop: () => void }> {
  const builds: SiteBuilds = {};
  for (const name of TIER_BUILDS[tier]) builds[name] = await STARTERS[name]();
  return { builds, stop: () => removeBuilds(builds) };
}

/** What `buildAhead` wrote: the tier the builds are for, and the builds. */
const readBuildsList = (listFile: string) =>
  JSON.parse(fs.readFileSync(listFile, "utf8")) as { tier: string; builds: SiteBuilds };

/**
 * The builds a tier's suites serve, built before the tier's run by `build-ahead.ts` and listed in `listFile`
 * (E2E_SITE_BUILDS): taken once, by the run's global setup, which removes them when the run ends. None when the file is
 * absent or lists another tier's builds: the run then starts its own.
 */
export function takeBuildsAhead(listFile: string, tier: "gate" | "whole"): SiteBuilds | undefined {
  if (!fs.existsSync(listFile)) return undefined;
  const listed = readBuildsList(listFile);
  if (listed.tier !== tier) return undefined;
  fs.rmSync(listFile);
  return listed.builds;
}

/** Builds `tier`'s site builds, waits until each has ended, and lists them in `listFile` for `takeBuildsAhead`. */
export async function buildAhead(listFile: string, tier: "gate" | "whole"): Promise<void> {
  const { builds } = await startSiteBuilds(tier);
  await Promise.all(Object.values(builds).map((build) => build && ended(build)));
  fs.writeFileSync(listFile, JSON.stringify({ tier, builds }));
}

/** Removes the builds `listFile` lists, and the list: what `buildAhead` made for a run that did not come. */
export function removeBuildsAhead(listFile: string): void {
  if (!fs.existsSync(listFile)) return;
  removeBuilds(readBuildsList(listFile).builds);
  fs.rmSync(listFile);
}

/**
 * The build `name` once it has ended: the one the global setup started, or one started now. Polls its `done` file,
 * written by whichever process runs the build.
 */
export async function siteBuild(
  name: SiteBuildName,
  ahead: SiteBuild | undefined,
): Promise<SiteBuild & { outcome: BuildOutcome }> {
  return ended(ahead ?? (await STARTERS[name]()));
}

/** `build` once it has ended: polls its `done` file, written by whichever process runs it. */
export async function ended(build: SiteBuild): Promise<SiteBuild & { outcome: BuildOutcome }> {
  while (!fs.existsSync(build.doneFile)) await new Promise((resolve) => setTimeout(resolve, 250));
  return { ...build, outcome: JSON.parse(fs.readFileSync(build.doneFile, "utf8")) as BuildOutcome };
}

/**
 * `build` made once more, with the same environment (its content, its public folder, its pages) into an output folder
 * of its own, as the next build of unchanged sources would be: for comparing the two. The caller removes it.
 */
export function startBuildAgain(build: SiteBuild, name: string): SiteBuild {
  return startBuild(name, build.env, fs.mkdtempSync(path.join(os.tmpdir(), `voxa-${name}-`)));
}

/** Stops a build still running, and removes its folders, unless GENERATED_KEEP asks to keep them for a look. */
export function removeBuild(build: SiteBuild): void {
  running.get(build.doneFile)?.();
  if (process.env.GENERATED_KEEP) return;
  for (const dir of [build.work, build.buildDir]) fs.rmSync(dir, { recursive: true, force: true });
}

/** `removeBuild` for each of `builds`. */
export function removeBuilds(builds: SiteBuilds): void {
  for (const build of Object.values(builds)) if (build) removeBuild(build);
}
