// @vitest-environment node
/**
 * The dev server counts the problems of site-config/ as `npm run validate` does: its error overlay lists the
 * validator's problems with their number, and content that reaches the renderer invalid is named by file, without a
 * count of the schema's raw errors (one unknown property of a block is two of them: the property, and the block
 * union's "must match then"). The fixture `unknown-property` laid over a copy of site-config/.
 */
import { execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { configErrors, messageOf } from "../contract/errors.ts";
import { runValidate } from "../scripts/content/validate-cli.ts";
import { ROOT } from "../toolchain/paths.ts";
import { startValidationProcess } from "../toolchain/validation-process.ts";
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

/**
 * A dev server as far as the plugin uses it: its watcher's handlers, what it logs, what it sends the browser, the pages
 * connected to it, its middleware, and its HTTP server (none: the plugin validates at once, as in middleware mode).
 */
function devServer({ httpServer }: { httpServer?: EventEmitter } = {}) {
  const handlers = new Map<string, (file: string) => Promise<void>>();
  const logged: string[] = [];
  const sent: unknown[] = [];
  const connecting: ((data: unknown, client: { send: (payload: unknown) => void }) => void)[] = [];
  const middlewares: ((request: unknown, response: EventEmitter, next: () => void) => void)[] = [];
  const server = {
    watcher: {
      add: () => undefined,
      on: (event: string, handler: (file: string) => Promise<void>) => handlers.set(event, handler),
    },
    config: {
      logger: { error: (message: string) => logged.push(message), info: (message: string) => logged.push(message) },
    },
    ws: {
      send: (payload: unknown) => sent.push(payload),
      on: (event: string, listener: (typeof connecting)[number]) => {
        if (event === "vite:client:connect") connecting.push(listener);
      },
    },
    middlewares: { use: (middleware: (typeof middlewares)[number]) => middlewares.push(middleware) },
    httpServer,
  };
  /** A page connecting to the server: what it is sent as it connects. */
  const connect = () => {
    const received: unknown[] = [];
    for (const listener of connecting) listener(undefined, { send: (payload) => received.push(payload) });
    return received;
  };
  /** A request through the plugin's middleware: its response, to end. */
  const request = () => {
    const response = new EventEmitter();
    for (const middleware of middlewares) middleware({}, response, () => undefined);
    return response;
  };
  return { server: server as unknown as ViteDevServer, handlers, logged, sent, connect, request };
}

/** The plugin started on `server` as Vite starts it, and how to end it. */
function started(
  server: ViteDevServer,
  pluginOptions = options,
  startValidation?: Parameters<typeof siteConfigValidation>[1],
) {
  const plugin = siteConfigValidation(pluginOptions, startValidation);
  (plugin.configureServer as (server: ViteDevServer) => void)(server);
  return { plugin, close: () => (plugin.closeBundle as () => void)() };
}

const overlay = (message: string) => ({ type: "error", err: { message, stack: "", plugin: "site-config-validation" } });

describe("the dev server's count of problems", () => {
  it("is npm run validate's: one problem, listed as validate lists it, over the page reloaded as the file is saved", async () => {
    const { server, logged, sent, connect } = devServer();
    const { close } = started(server);
    try {
      // Saved while the server runs: the plugin's watcher of the content's folder sees the new file. The page is
      // reloaded at once; the problems follow it, over it and over every page opened while they last.
      fs.writeFileSync(fixtureFile, fixtureText);
      const message = `CFG025 1 problem in site-config/:\n${PROBLEM}`;
      // The file system's event, then a validation: seconds on a loaded machine. The problem once, or twice when the
      // server's first validation came after the save.
      await vi.waitFor(() => expect(sent.at(-1)).toEqual(overlay(message)), { timeout: 15_000 });
      expect(sent[0]).toEqual({ type: "full-reload" });
      expect(new Set(sent.slice(1).map((payload) => JSON.stringify(payload)))).toEqual(
        new Set([JSON.stringify(overlay(message))]),
      );
      expect(new Set(logged)).toEqual(new Set([`\n${message}\n`]));
      expect(connect()).toEqual([overlay(message)]);
      const sentBefore = sent.length;
      const validated = runValidate({ argv: [], env: {}, options });
      expect(validated.stderr.startsWith(`${PROBLEM}\n\n✖ 1 problem in site-config/ (`)).toBe(true);

      // Mended, the page is reloaded at once: the change is read though the process keeps what it read; a page opened
      // once the validation found none is sent no problem.
      const mended = fixtureText.replace('"colums"', '"columns"');
      fs.writeFileSync(fixtureFile, mended);
      await vi.waitFor(() => expect(sent.slice(sentBefore)).toEqual([{ type: "full-reload" }]), { timeout: 15_000 });
      await vi.waitFor(() => expect(connect()).toEqual([]), { timeout: 15_000 });
      expect(sent.slice(sentBefore)).toEqual([{ type: "full-reload" }]);
    } finally {
      close();
      fs.rmSync(fixtureFile, { force: true });
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

describe("the dev server's validation as it starts", () => {
  /** A validation process that records what it is asked, valid each time. */
  function recorded() {
    const asked: (readonly string[])[] = [];
    const start: typeof startValidationProcess = () => ({
      validate: (changed) => {
        asked.push(changed);
        return Promise.resolve({ report: undefined });
      },
      pid: undefined,
      stop: () => undefined,
    });
    return { asked, start };
  }

  afterEach(() => vi.useRealTimers());

  it("waits for the server's first response, which it would slow, however long it takes", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const httpServer = new EventEmitter();
    const { server, request } = devServer({ httpServer });
    const { asked, start } = recorded();
    const { close } = started(server, options, start);
    try {
      httpServer.emit("listening");
      const response = request();
      vi.advanceTimersByTime(10_000);
      expect(asked).toEqual([]);
      response.emit("close");
      expect(asked).toEqual([[]]);
      // Once: later responses validate nothing.
      request().emit("close");
      vi.advanceTimersByTime(10_000);
      expect(asked).toEqual([[]]);
    } finally {
      close();
    }
  });

  it("validates three seconds after the server listens when no page is asked for", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const httpServer = new EventEmitter();
    const { server } = devServer({ httpServer });
    const { asked, start } = recorded();
    const { close } = started(server, options, start);
    try {
      httpServer.emit("listening");
      vi.advanceTimersByTime(2_999);
      expect(asked).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(asked).toEqual([[]]);
    } finally {
      close();
    }
  });

  it("does not validate in a server that is never configured (React Router's child compiler), and stops a build", () => {
    fs.writeFileSync(fixtureFile, fixtureText);
    try {
      const startOf = (command: "serve" | "build") => {
        const plugin = siteConfigValidation(options);
        (plugin.configResolved as (config: { command: string }) => void)({ command });
        const errors: string[] = [];
        (plugin.buildStart as (this: { error: (message: string) => never }) => void).call({
          error: (message: string) => {
            errors.push(message);
            throw new Error(message);
          },
        });
        return errors;
      };
      // The child compiler is started, with the dev server's plugins, and serves no page: the content invalid, it
      // starts, and the dev server's own process says what is wrong.
      expect(startOf("serve")).toEqual([]);
      expect(() => startOf("build")).toThrow(/^CFG024 site-config\/ is invalid/);
    } finally {
      fs.rmSync(fixtureFile, { force: true });
    }
  });

  it("says with CFG064 why it could not validate, and validates again at the next save", async () => {
    const empty = path.join(scratch, "no-site-yet");
    fs.mkdirSync(empty);
    const { server, logged } = devServer();
    const { close } = started(server, { configDir: empty, publicDir: options.publicDir });
    try {
      const said = `\n✖ CFG064 the dev server could not validate site-config/: ENOENT: no such file or directory, open '${path.join(empty, "site.json")}'\n  Run \`npm run validate\` to see the same error on its own; the dev server validates again at the next save.\n`;
      await vi.waitFor(() => expect(logged).toEqual([said]), { timeout: 15_000 });
      fs.cpSync(path.join(ROOT, "site-config"), empty, { recursive: true });
      await vi.waitFor(() => expect(logged).toEqual([said, "site-config/ is valid"]), { timeout: 15_000 });
    } finally {
      close();
    }
  }, 40_000);
});

describe("the dev server's validation process", () => {
  it("says with CFG064 that its process ended when it ends with a request in hand, and starts another at the next", async () => {
    const validation = startValidationProcess({
      configDir: path.join(ROOT, "site-config"),
      publicDir: options.publicDir,
    });
    try {
      await expect(validation.validate([])).resolves.toEqual({ report: undefined });
      const pid = validation.pid!;
      const asked = validation.validate([]);
      process.kill(pid, "SIGKILL");
      await expect(asked).rejects.toThrow(
        messageOf(configErrors.devValidationFailed, { failure: "its process ended (SIGKILL)" }),
      );
      await expect(validation.validate([])).resolves.toEqual({ report: undefined });
      expect(validation.pid).not.toBe(pid);
    } finally {
      validation.stop();
    }
  }, 40_000);
});
