// @vitest-environment node
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readObjectsOf, runGit } from "./run-git.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-run-git-"));
const env = { ...process.env, GIT_CONFIG_GLOBAL: path.join(dir, "gitconfig"), GIT_CONFIG_NOSYSTEM: "1" };
execFileSync("git", ["init", "--quiet", dir], { env });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("git run by the editor", () => {
  it("answers with what git printed, as text or as bytes", async () => {
    // Nothing is typed to git: reading its input, it reads an empty one.
    expect((await runGit(dir, ["hash-object", "--stdin"], { env })).trim()).toBe(
      "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
    );
    fs.writeFileSync(path.join(dir, "photo.bin"), Buffer.from([0, 255, 1, 254]));
    const written = (await runGit(dir, ["hash-object", "-w", "--", "photo.bin"], { env })).trim();
    expect(await runGit(dir, ["cat-file", "blob", written], { env, bytes: true })).toEqual(
      Buffer.from([0, 255, 1, 254]),
    );
  });

  it("answers empty where git says no with its exit status alone: a key not set, a ref not there", async () => {
    expect(await runGit(dir, ["config", "--get", "voxa-editor.base"], { env })).toBe("");
    expect(await runGit(dir, ["rev-parse", "--verify", "--quiet", "refs/heads/nowhere"], { env })).toBe("");
  });

  it("fails with git's own words where git says why", async () => {
    await expect(runGit(dir, ["rev-parse", "no-such-commit^{commit}"], { env })).rejects.toThrow(
      /unknown revision or path not in the working tree/,
    );
    await expect(runGit(path.join(dir, "not-there"), ["status"], { env })).rejects.toThrow(/ENOENT/);
  });

  it("reads many files of a commit at once, by the name asked, text of any script, the missing left out", async () => {
    const tree = path.join(dir, "tree");
    fs.mkdirSync(tree);
    fs.writeFileSync(path.join(tree, "de.json"), '{"title":"Schäden melden – rund um die Uhr"}\n');
    fs.writeFileSync(path.join(tree, "en.json"), '{"title":"Report a claim"}\n');
    await runGit(dir, ["add", "tree"], { env });
    await runGit(dir, ["-c", "user.name=T", "-c", "user.email=t@example.test", "commit", "-qm", "pages"], { env });
    const names = ["HEAD:tree/de.json", "HEAD:tree/gone.json", "HEAD:tree/en.json"];
    expect(await readObjectsOf(dir, names)).toEqual(
      new Map([
        ["HEAD:tree/de.json", '{"title":"Schäden melden – rund um die Uhr"}\n'],
        ["HEAD:tree/en.json", '{"title":"Report a claim"}\n'],
      ]),
    );
    expect(await readObjectsOf(dir, [])).toEqual(new Map());
  });
});
