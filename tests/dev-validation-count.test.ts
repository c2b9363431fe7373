// @vitest-environment node
/**
 * The dev server counts the problems of site-config/ as `npm run validate` does: its error overlay lists the
 * validator's problems with their number, and content that reaches the renderer invalid is named by file, without a
 * count of the schema's raw errors (one unknown property of a block is two of them: the property, and the block
 * union's "must match then"). The fixture `unknown-property` laid over a copy of site-config/.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runValidate } from "../scripts/content/validate-cli.ts";
import { ROOT } from "../toolchain/paths.ts";
import { siteConfigValidation } from "../toolchain/vite-plugins.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "dev-validation-"));
afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
  // The plugin said the process watches the content (contentWatched): nothing does in the other tests of this worker.
  delete (globalThis as { [key: symbol]: unknown })[Symbol.for("voxa-site.content-watched")];
});
const configDir = path.join(scratch, "site-config");
fs.cpSync(path.join(ROOT, "site-config"), configDir, { recursive: true });
const fixtureFile = path.join(configDir, "pages", "fixture.json");
const fixtureText = fs.readFileSync(path.join(ROOT, "tests/fixtures/unknown-property/pages/fixture.json"), "utf8");
const options = { configDir, publicDir: path.join(ROOT, "public") };
const PROBLEM =
  "site-config/pages/fixture.json:14:7  /blocks/1/colums  CFG005 unknown property 'colums' — did you mean 'columns'?";

/** A dev server as far as the plugin uses it: its watcher's handlers, what it logs and what it sends the browser. */
function devServer() {
  const handlers = new Map<string, (file: string) => Promise<void>>();
  const logged: string[] = [];
  const sent: unknown[] = [];
  const server = {
    watcher: {
      add: () => undefined,
      on: (event: string, handler: (file: string) => Promise<void>) => handlers.set(event, handler),
    },
    config: { logger: { error: (message: string) => logged.push(message), info: () => undefined } },
    ws: { send: (payload: unknown) => sent.push(payload) },
  };
  return { server: server as unknown as ViteDevServer, handlers, logged, sent };
}

describe("the dev server's count of problems", () => {
  it("is npm run validate's: one problem, listed as validate lists it, as the file is saved", async () => {
    const { server, logged, sent } = devServer();
    const plugin = siteConfigValidation(options);
    (plugin.configureServer as (server: ViteDevServer) => void)(server);
    try {
      // Saved while the server runs: the plugin's watcher of the content's folder sees the new file.
      fs.writeFileSync(fixtureFile, fixtureText);
      const message = `CFG025 1 problem in site-config/:\n${PROBLEM}`;
      // The file system's event, then a validation: seconds on a loaded machine.
      await vi.waitFor(
        () => expect(sent).toEqual([{ type: "error", err: { message, stack: "", plugin: "site-config-validation" } }]),
        { timeout: 15_000 },
      );
      expect(logged).toEqual([`\n${message}\n`]);
      const validated = runValidate({ argv: [], env: {}, options });
      expect(validated.stderr.startsWith(`${PROBLEM}\n\n✖ 1 problem in site-config/ (`)).toBe(true);

      // Mended, the page is reloaded: the change is read though the process keeps what it read.
      const mended = fixtureText.replace('"colums"', '"columns"');
      fs.writeFileSync(fixtureFile, mended);
      await vi.waitFor(() => expect(sent.at(-1)).toEqual({ type: "full-reload" }), { timeout: 15_000 });
    } finally {
      (plugin.closeBundle as () => void)();
    }
  }, 40_000);

  it("content that reaches the renderer invalid is named by file, with no count of its own", () => {
    fs.writeFileSync(fixtureFile, fixtureText);
    const loaded = execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { loadContent } from "./contract/content.server.ts";
try { loadContent(); } catch (error) { console.log(error.message); }`,
      ],
      { cwd: ROOT, env: { ...process.env, SITE_CONFIG_DIR: configDir }, encoding: "utf8" },
    );
    expect(loaded).toContain("pages/fixture.json: does not match its schema");
    expect(loaded).not.toMatch(/\d+ problems?/);
  });
});
