// @vitest-environment node
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatCatalogueError, catalogueError, reviewErrors } from "../contract/errors.ts";
import { stampFile } from "../scripts/pipeline/gen-stamp.ts";
import { REVIEW_USAGE } from "../scripts/review.ts";
import { projectRepository } from "../scripts/review/project-repo.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "generated-branch-"));
const dir = path.join(scratch, "project");
afterAll(() => {
  fs.rmSync(stampFile(dir), { force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

const run = (command: string, args: string[]) => spawnSync(command, args, { cwd: dir, encoding: "utf8" });

describe("generated files follow the branch", () => {
  it("brings them up to date before a command reads them, after a switch to a branch without a block type", () => {
    const { git } = projectRepository(dir);
    git("checkout", "-q", "-b", "with-faq");
    // new:block writes the folder and regenerates: the generated registry now imports blocks/faq/.
    const scaffold = run(path.join(dir, "node_modules", ".bin", "tsx"), ["scripts/new-block.ts", "--type", "faq"]);
    expect(scaffold.status, scaffold.stderr).toBe(0);
    git("add", "-A");
    git("commit", "-q", "-m", "A faq block");
    git("checkout", "-q", "main");
    expect(fs.existsSync(path.join(dir, "blocks/faq"))).toBe(false);
    expect(fs.readFileSync(path.join(dir, "renderer/generated/block-manifests.ts"), "utf8")).toContain("blocks/faq/");

    const review = run("npm", ["run", "--silent", "review", "--", "--help"]);
    expect(review.stdout).toMatch(/^✔ generated from \d+ block folders/m);
    expect(review.stderr).toContain(
      formatCatalogueError(
        catalogueError(reviewErrors.usage, {
          command: "review",
          problem: "Unknown option '--help'",
          usage: REVIEW_USAGE,
        }),
      ),
    );
    expect(review.stderr).not.toContain("ERR_MODULE_NOT_FOUND");
    expect(review.stderr).not.toMatch(/^\s+at /m);
    expect(review.status).toBe(1);
    expect(fs.readFileSync(path.join(dir, "renderer/generated/block-manifests.ts"), "utf8")).not.toContain("faq");
  }, 600_000);
});
