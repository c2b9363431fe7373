// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { browserCommand, openInBrowser } from "./open-browser.ts";

describe("npm run edit opens the editor in the browser", () => {
  it("uses the platform's opener, the program BROWSER names, or nothing under CI or BROWSER=none", () => {
    expect(browserCommand("linux", {})).toEqual({ command: "xdg-open", args: [] });
    expect(browserCommand("darwin", {})).toEqual({ command: "open", args: [] });
    expect(browserCommand("win32", {})).toEqual({ command: "cmd", args: ["/c", "start", '""'] });
    expect(browserCommand("linux", { BROWSER: "firefox" })).toEqual({ command: "firefox", args: [] });
    expect(browserCommand("linux", { BROWSER: "none" })).toBeUndefined();
    expect(browserCommand("linux", { CI: "true" })).toBeUndefined();
  });

  it("hands the editor's address to that program, and says so when there is none", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-open-"));
    const opener = path.join(dir, "opener.sh");
    // Written aside, then renamed: the file appears whole, never created and still empty as the poll looks.
    fs.writeFileSync(opener, `#!/bin/sh\necho "$1" > "${dir}/opening" && mv "${dir}/opening" "${dir}/opened"\n`, {
      mode: 0o755,
    });
    await expect(openInBrowser("http://127.0.0.1:5555/", { BROWSER: opener })).resolves.toBe(true);
    await expect.poll(() => fs.existsSync(path.join(dir, "opened"))).toBe(true);
    expect(fs.readFileSync(path.join(dir, "opened"), "utf8").trim()).toBe("http://127.0.0.1:5555/");
    await expect(openInBrowser("http://127.0.0.1:5555/", { BROWSER: path.join(dir, "missing") })).resolves.toBe(false);
    await expect(openInBrowser("http://127.0.0.1:5555/", { BROWSER: "none" })).resolves.toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
