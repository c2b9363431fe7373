import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { checkErrors } from "../contract/errors.ts";
import { findChromium, findHeadlessChromium } from "../toolchain/chromium.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chromium-"));
/** An executable file standing for a browser. */
function executable(name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, "#!/bin/sh\n", { mode: 0o755 });
  return file;
}
const chromium = executable("chromium");
const shell = executable("chromium-headless-shell");
const absent = path.join(dir, "absent");

afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the browser the suites drive", () => {
  it("is Chromium's headless shell when it is installed and CHROME_PATH is not set", () => {
    vi.stubEnv("CHROME_PATH", "");
    expect(findHeadlessChromium(shell)).toEqual({ path: shell, shell: true });
  });

  it("is the browser CHROME_PATH names, even where the headless shell is installed", () => {
    vi.stubEnv("CHROME_PATH", chromium);
    expect(findHeadlessChromium(shell)).toEqual({ path: chromium, shell: false });
  });

  it("is Chromium without the headless shell, and refused with CHECK002 and how to install it without either", () => {
    vi.stubEnv("CHROME_PATH", chromium);
    expect(findHeadlessChromium(absent)).toEqual({ path: chromium, shell: false });
    vi.stubEnv("CHROME_PATH", absent);
    expect(() => findHeadlessChromium(absent)).toThrow(
      expect.objectContaining({
        code: checkErrors.noChromium.code,
        message: `no Chromium found at ${absent} (from CHROME_PATH): the browser checks drive a locally installed Chromium`,
        hint: checkErrors.noChromium.hint,
      }),
    );
    expect(() => findChromium()).toThrow(expect.objectContaining({ code: checkErrors.noChromium.code }));
  });
});
