// @vitest-environment node
/**
 * The previews of review requests are built from the site's repository: the published site once, in full, then each
 * request's branch from it, only the pages its content changes rendered again; a new publish to the request builds
 * from its last preview; a branch whose content does not validate fails with the build's words while the last
 * preview still serves; an editor started again serves what was built before it stopped.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../toolchain/paths.ts";
import { type PreviewState, type ReadyPreview, previewBuilds } from "./builds.ts";

// Inside the project, as a checkout's work folder is: the build's server code resolves the project's packages.
fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
const top = fs.mkdtempSync(path.join(ROOT, ".cache", "preview-builds-"));
const remote = path.join(top, "site.git");
const author = path.join(top, "author");
const workDir = path.join(top, "work");
const NUMBER = 7;
const BRANCH = "voxa-editor/mia/about";

const env = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: path.join(top, "gitconfig") };
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, env, encoding: "utf8" });
const ABOUT = "site-config/pages/about.json";
const readAbout = () =>
  JSON.parse(fs.readFileSync(path.join(author, ABOUT), "utf8")) as { blocks: { heading?: string }[] };

/** The author's edit of the about page's first heading, published to the request's branch. */
function publishHeading(heading: string) {
  const about = readAbout();
  about.blocks[0]!.heading = heading;
  fs.writeFileSync(path.join(author, ABOUT), `${JSON.stringify(about, null, 2)}\n`);
  git(author, "commit", "--quiet", "-am", `About: ${heading}`);
  git(author, "push", "--quiet", "origin", `HEAD:${BRANCH}`);
}

const ready = (state: PreviewState): ReadyPreview => {
  expect(state.state, JSON.stringify(state).slice(0, 2000)).toBe("ready");
  return state as ReadyPreview;
};
const page = (preview: ReadyPreview, file: string) => fs.readFileSync(path.join(preview.clientDir, file), "utf8");

const builds = () =>
  previewBuilds({
    workDir,
    source: remote,
    root: ROOT,
    baseBranch: "main",
    branchOf: async (number) => (number === NUMBER ? BRANCH : undefined),
  });
let builder: ReturnType<typeof builds>;

beforeAll(() => {
  fs.writeFileSync(
    env.GIT_CONFIG_GLOBAL,
    "[init]\n\tdefaultBranch = main\n[user]\n\tname = Mia\n\temail = mia@example.com\n",
  );
  git(top, "init", "--quiet", "--bare", remote);
  fs.mkdirSync(author);
  git(author, "init", "--quiet");
  fs.cpSync(path.join(ROOT, "tests", "locale-site", "site-config"), path.join(author, "site-config"), {
    recursive: true,
  });
  fs.cpSync(path.join(ROOT, "public"), path.join(author, "public"), { recursive: true });
  git(author, "add", ".");
  git(author, "commit", "--quiet", "-m", "The site");
  git(author, "remote", "add", "origin", remote);
  git(author, "push", "--quiet", "origin", "main");
  builder = builds();
});

afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

describe("a request's preview", () => {
  let first: ReadyPreview;
  let published: ReadyPreview;

  it("is built from the published site's build, with the request's page as its branch has it", async () => {
    publishHeading("Meet the team behind Voxa");
    await builder.refresh(NUMBER);
    expect(builder.stateOf(NUMBER).state).toBe("building");
    await builder.settled();
    first = ready(builder.stateOf(NUMBER));
    published = ready(builder.stateOf(0));
    expect(published.summary).toMatch(/^Building every page: /);
    expect(first.summary).toMatch(/^1 changed file: rendered \d+ of \d+ pages again/);
    expect(page(first, "about/index.html")).toContain("Meet the team behind Voxa");
    expect(page(published, "about/index.html")).not.toContain("Meet the team behind Voxa");
    // A page the request does not change is the published site's, byte for byte.
    expect(page(first, "contact/index.html")).toBe(page(published, "contact/index.html"));
  }, 300_000);

  it("is built again from itself at the branch's new tip, and the one before is gone", async () => {
    publishHeading("The people behind Voxa");
    await builder.refresh(NUMBER);
    const building = builder.stateOf(NUMBER);
    expect(building).toMatchObject({ state: "building", previous: { tip: first.tip } });
    await builder.settled();
    const second = ready(builder.stateOf(NUMBER));
    expect(second.tip).not.toBe(first.tip);
    expect(second.summary).toMatch(/^1 changed file: rendered \d+ of \d+ pages again/);
    expect(page(second, "about/index.html")).toContain("The people behind Voxa");
    expect(fs.existsSync(first.clientDir)).toBe(false);
  }, 120_000);

  it("is built once for a tip already built", async () => {
    const before = builder.stateOf(NUMBER);
    await builder.refresh(NUMBER);
    expect(builder.stateOf(NUMBER)).toBe(before);
  });

  it("fails with the build's words when the branch's content does not validate, the last preview still serving", async () => {
    const last = ready(builder.stateOf(NUMBER));
    fs.writeFileSync(path.join(author, ABOUT), "{ not json");
    git(author, "commit", "--quiet", "-am", "About: broken");
    git(author, "push", "--quiet", "origin", `HEAD:${BRANCH}`);
    await builder.refresh(NUMBER);
    await builder.settled();
    const failed = builder.stateOf(NUMBER);
    expect(failed).toMatchObject({ state: "failed", previous: { tip: last.tip } });
    expect(failed.state === "failed" && failed.message).toContain("about.json");
    expect(fs.existsSync(last.clientDir)).toBe(true);
  }, 120_000);

  it("serves after a restart what was built before it", async () => {
    const last = builder.stateOf(NUMBER);
    const again = builds();
    await again.load();
    expect(again.stateOf(NUMBER)).toEqual(last.state === "failed" ? last.previous : last);
  });

  it("is removed once its request is no longer open", async () => {
    const last = builder.stateOf(NUMBER);
    const folder = last.state === "failed" ? last.previous!.clientDir : "";
    await builder.keepOnly([]);
    expect(builder.stateOf(NUMBER)).toEqual({ state: "absent" });
    expect(fs.existsSync(folder)).toBe(false);
    expect(builder.stateOf(0).state).toBe("ready");
  });

  it("is not built for a request that is not open", async () => {
    await builder.refresh(NUMBER + 1);
    expect(builder.stateOf(NUMBER + 1)).toEqual({ state: "absent" });
  });
});
