import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import setup from "./support/run-temp-dir.ts";

/** The variables the setup reads and writes, as the run set them: each test starts from a run without a folder. */
const saved = { TMPDIR: process.env.TMPDIR, VOXA_RUN_TEMP_DIR: process.env.VOXA_RUN_TEMP_DIR };
beforeEach(() => {
  delete process.env.VOXA_RUN_TEMP_DIR;
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

describe("a test run's temporary folder", () => {
  it("holds what the run makes in the temporary folder, and is removed with it when the run ends", () => {
    const system = os.tmpdir();
    const teardown = setup();
    const runDir = os.tmpdir();
    expect(path.dirname(runDir)).toBe(system);
    expect(path.basename(runDir)).toMatch(/^voxa-test-run-/);
    const made = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-site-"));
    fs.writeFileSync(path.join(made, "index.html"), "<h1>Home</h1>");

    teardown();
    expect(os.tmpdir()).toBe(system);
    expect(fs.existsSync(runDir)).toBe(false);
    expect(process.env.VOXA_RUN_TEMP_DIR).toBeUndefined();
  });

  it("keeps tsx's compile cache where it was, through a link the removal leaves alone", () => {
    const cache = path.join(os.tmpdir(), `tsx-${os.userInfo().uid}`);
    const teardown = setup();
    expect(fs.realpathSync(path.join(os.tmpdir(), path.basename(cache)))).toBe(fs.realpathSync(cache));
    teardown();
    expect(fs.statSync(cache).isDirectory()).toBe(true);
  });

  it("is made once when several projects of one config run their global setups", () => {
    const teardown = setup();
    const runDir = os.tmpdir();
    const again = setup();
    expect(os.tmpdir()).toBe(runDir);
    again();
    expect(fs.existsSync(runDir)).toBe(true);
    teardown();
    expect(fs.existsSync(runDir)).toBe(false);
  });
});
