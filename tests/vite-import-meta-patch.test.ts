// @vitest-environment node
/**
 * Vite's module runner made every server module's `import.meta` with a resolver of its own, which on Node 20 (no
 * `Module.registerHooks`) registers module hooks in a thread of their own: from the first module the dev server ran,
 * every import of the process went through that thread (0.8 s of the dev server's start at 10,000 routes). The patch
 * (patches/, applied by postinstall) makes the resolver when a module first calls `import.meta.resolve`, which no
 * module of the site does.
 */
import fs from "node:fs";
import { Module } from "node:module";
import os from "node:os";
import path from "node:path";
import { createServer, createServerModuleRunner } from "vite";
import { afterAll, describe, expect, it, vi } from "vitest";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "import-meta-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
fs.writeFileSync(path.join(scratch, "plain.js"), "export const url = import.meta.url;\n");
fs.writeFileSync(path.join(scratch, "resolving.js"), 'export const resolved = import.meta.resolve("./plain.js");\n');

describe("Vite's module runner, as `npm install` leaves it (patches/, applied by postinstall)", () => {
  it("registers no module hooks for a module that does not resolve through import.meta, and resolves for one that does", async () => {
    const hooks = { register: vi.spyOn(Module, "register") };
    const server = await createServer({
      root: scratch,
      configFile: false,
      logLevel: "silent",
      server: { middlewareMode: true, hmr: false, watch: null },
    });
    const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
    try {
      const plain = (await runner.import(path.join(scratch, "plain.js"))) as { url: string };
      expect(plain.url).toBe(`file://${path.join(scratch, "plain.js")}`);
      expect(hooks.register).not.toHaveBeenCalled();

      const resolving = (await runner.import(path.join(scratch, "resolving.js"))) as { resolved: string };
      expect(resolving.resolved).toBe(`file://${path.join(scratch, "plain.js")}`);
    } finally {
      await runner.close();
      await server.close();
      vi.restoreAllMocks();
    }
  });
});
