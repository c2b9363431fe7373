// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UnsafePathError, resolveInside } from "./safe-path.ts";

const project = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-safe-path-"));
const outside = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-outside-"));
fs.mkdirSync(path.join(project, "site-config/pages"), { recursive: true });
fs.mkdirSync(path.join(project, "public/media"), { recursive: true });
fs.writeFileSync(path.join(outside, "secret.json"), "{}");
fs.symlinkSync(outside, path.join(project, "site-config/pages/linked"));
fs.symlinkSync(path.join(outside, "secret.json"), path.join(project, "site-config/pages/secret.json"));
afterAll(() => {
  fs.rmSync(project, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const roots = ["site-config", "public/media"];
const refusal = (relative: string) => {
  try {
    resolveInside(project, roots, relative);
  } catch (error) {
    if (error instanceof UnsafePathError) return `${error.code} ${error.message}`;
    throw error;
  }
  return "accepted";
};

describe("resolveInside", () => {
  it("accepts files inside site-config/ and public/media/, existing or new", () => {
    expect(resolveInside(project, roots, "site-config/pages/about.json")).toBe(
      path.join(project, "site-config/pages/about.json"),
    );
    expect(resolveInside(project, roots, "public/media/new-folder/clip.mp4")).toBe(
      path.join(project, "public/media/new-folder/clip.mp4"),
    );
  });

  it("refuses path traversal out of the content folders", () => {
    expect(refusal("../package.json")).toBe(
      "EDIT_PATH_OUTSIDE '../package.json' is outside site-config and public/media — the editor writes only there",
    );
    expect(refusal("site-config/../package.json")).toMatch(
      /^EDIT_PATH_OUTSIDE .* is outside site-config and public\/media/,
    );
    expect(refusal("site-config/../../etc/passwd")).toMatch(/^EDIT_PATH_OUTSIDE .* is outside/);
    expect(refusal("public/og-image.svg")).toMatch(/^EDIT_PATH_OUTSIDE .* is outside/);
    expect(refusal("public/media/../../package.json")).toMatch(/^EDIT_PATH_OUTSIDE .* is outside/);
  });

  it("refuses absolute paths", () => {
    expect(refusal("/etc/passwd")).toBe(
      "EDIT_PATH_ABSOLUTE '/etc/passwd' is an absolute path — name a file inside the project",
    );
    expect(refusal(path.join(project, "site-config/site.json"))).toMatch(/^EDIT_PATH_ABSOLUTE .* is an absolute path/);
    expect(refusal("C:/Windows/win.ini")).toMatch(/^EDIT_PATH_ABSOLUTE .* is an absolute path/);
  });

  it("refuses symlinks that lead out of the content folders", () => {
    expect(refusal("site-config/pages/secret.json")).toMatch(/^EDIT_PATH_OUTSIDE .* is outside/);
    expect(refusal("site-config/pages/linked/secret.json")).toMatch(/^EDIT_PATH_OUTSIDE .* is outside/);
    expect(refusal("site-config/pages/linked/new.json")).toMatch(/^EDIT_PATH_OUTSIDE .* is outside/);
  });

  it("refuses an empty name and NUL bytes", () => {
    expect(refusal("")).toBe("EDIT_PATH_MISSING no file was named");
    expect(refusal("site-config/a\0.json")).toBe("EDIT_PATH_MISSING no file was named");
  });
});
