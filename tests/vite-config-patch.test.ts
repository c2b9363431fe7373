// @vitest-environment node
/**
 * Vite bundled the config file and every module it imports each time a process loaded it: React Router's build loads
 * it four times (its command, each environment's build, its child compiler), the dev server twice, 0.2 s each after
 * the first (0.6 s). The patch (patches/, applied by postinstall) keeps the bundled code in the process while every file
 * it was bundled from keeps its size and modification time, and bundles again once one changes; a file changed in the
 * last two seconds (a time the file system may not tell apart) is never trusted. Each load still runs the code afresh,
 * so that every config is a config of its own (React Router's child compiler needs its own plugins).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfigFromFile } from "vite";
import { afterAll, describe, expect, it } from "vitest";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "vite-config-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const config = path.join(scratch, "vite.config.ts");
const dependency = path.join(scratch, "label.ts");
fs.writeFileSync(config, 'import { label } from "./label.ts";\nexport default { plugins: [{ name: label }] };\n');

/** Writes the dependency, dated `secondsAgo` in the past. */
function writeLabel(label: string, secondsAgo: number) {
  fs.writeFileSync(dependency, `export const label = ${JSON.stringify(label)};\n`);
  const when = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(dependency, when, when);
  fs.utimesSync(config, when, when);
}

const loaded = async () => {
  const result = await loadConfigFromFile({ command: "build", mode: "production" }, config);
  return result!.config as { plugins: { name: string }[] };
};

describe("Vite's config loading, as `npm install` leaves it (patches/, applied by postinstall)", () => {
  it("bundles the config once while its files keep their size and time, and runs it afresh at each load", async () => {
    writeLabel("first", 60);
    const first = await loaded();
    expect(first.plugins[0]!.name).toBe("first");
    // The same size and time, other text: the bundle kept is used (which shows that it is kept).
    const { mtime } = fs.statSync(dependency);
    fs.writeFileSync(dependency, 'export const label = "other";\n');
    fs.utimesSync(dependency, mtime, mtime);
    const again = await loaded();
    expect(again.plugins[0]!.name).toBe("first");
    expect(again.plugins[0]).not.toBe(first.plugins[0]);
  });

  it("bundles it again once a file it is made of changes, and never keeps a file changed just now", async () => {
    writeLabel("before", 60);
    expect((await loaded()).plugins[0]!.name).toBe("before");
    writeLabel("after, longer", 30);
    expect((await loaded()).plugins[0]!.name).toBe("after, longer");
    // Changed now, the same size and a time the file system might not tell apart from the last: bundled each time.
    writeLabel("recent", 0);
    expect((await loaded()).plugins[0]!.name).toBe("recent");
    fs.writeFileSync(dependency, 'export const label = "RECENT";\n');
    expect((await loaded()).plugins[0]!.name).toBe("RECENT");
  });
});
