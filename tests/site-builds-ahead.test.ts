// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type SiteBuilds, removeBuildsAhead, takeBuildsAhead } from "./e2e/support/site-builds.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A list as build-ahead.ts writes it, of one build whose folders exist, in a folder of the test's own. */
function listed(tier: string): { listFile: string; builds: SiteBuilds } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-builds-ahead-"));
  dirs.push(dir);
  const work = path.join(dir, "work");
  const buildDir = path.join(dir, "build");
  fs.mkdirSync(work);
  fs.mkdirSync(buildDir);
  const builds: SiteBuilds = {
    locales: { work, buildDir, env: { PREVIEW_CARDS: "off" }, doneFile: path.join(work, "build-done.json") },
  };
  const listFile = path.join(dir, "site-builds.json");
  fs.writeFileSync(listFile, JSON.stringify({ tier, builds }));
  return { listFile, builds };
}

describe("site builds made before the browser tier's run", () => {
  it("are taken once: the run that takes them removes the list, and the next starts its own", () => {
    const { listFile, builds } = listed("gate");
    expect(takeBuildsAhead(listFile, "gate")).toEqual(builds);
    expect(fs.existsSync(listFile)).toBe(false);
    expect(takeBuildsAhead(listFile, "gate")).toBeUndefined();
  });

  it("are not taken by another tier's run, which leaves them listed", () => {
    const { listFile } = listed("gate");
    expect(takeBuildsAhead(listFile, "whole")).toBeUndefined();
    expect(fs.existsSync(listFile)).toBe(true);
  });

  it("are removed with their list when no run came to take them", () => {
    const { listFile, builds } = listed("gate");
    removeBuildsAhead(listFile);
    expect([listFile, builds.locales!.work, builds.locales!.buildDir].filter((file) => fs.existsSync(file))).toEqual(
      [],
    );
    expect(() => removeBuildsAhead(listFile)).not.toThrow();
  });
});
