// @vitest-environment node
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER } from "../protocol.ts";
import { type EditorError, editorErrors, editorForgeErrors, editorGitErrors } from "../../contract/errors.ts";
import { type EditorServer, startEditor } from "../server.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";
import { READS } from "./guards.ts";

let project: ReturnType<typeof copyProject>;
let editor: EditorServer;

beforeAll(async () => {
  project = copyProject();
  editor = await startEditor({ projectDir: project.dir });
}, 60_000);
afterAll(async () => {
  await editor?.close();
  project?.remove();
});

/** A request sent as written: its Host, Origin and key as given; a write carries a body its route would act on. */
const send = (method: string, url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(editor.url);
    const request = http.request({ hostname, port, method, path: url, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end(
      READS.has(method)
        ? undefined
        : JSON.stringify({ file: "site-config/pages/guarded.json", value: {}, version: "", summary: "x" }),
    );
  });

/** The path a request takes to reach a route (a wildcard's stands for any file). */
const pathOf = (url: string) => url.replace("*", "guarded.txt");

describe("the editor's routes: every one behind the guards, every refusal's status from the catalogue", () => {
  it("lists its routes as they declare themselves, the writes among them", () => {
    const urls = editor.routes.map(({ url }) => url);
    expect(urls).toEqual(expect.arrayContaining(["/api/save", "/api/media", "/api/publish", "/api/bootstrap", "/*"]));
    // The editor's page, at the address of each of its views.
    expect(urls).toEqual(
      expect.arrayContaining(["/", "/edit/*", "/changes", "/review", "/review/:number", "/team", "/preview"]),
    );
    expect(editor.routes.filter(({ method }) => !READS.has(method))).not.toEqual([]);
  });

  it("refuses each write from another origin, without this run's key, or addressed to another name, and writes nothing", async () => {
    const own = { host: new URL(editor.url).host, origin: editor.url, [EDITOR_TOKEN_HEADER]: editor.token };
    const refusals: [string, Record<string, string>, EditorError][] = [
      ["another origin", { ...own, origin: "http://evil.example" }, editorErrors.foreignOrigin],
      ["no key", { host: own.host, origin: own.origin }, editorErrors.badToken],
      ["another name", { ...own, host: "evil.example" }, editorErrors.foreignHost],
    ];
    const writes = editor.routes
      .filter(({ method }) => !READS.has(method))
      .map(({ method, url }) => `${method} ${url}`);
    for (const write of writes)
      for (const [why, headers, entry] of refusals) {
        const [method, url] = write.split(" ");
        const { status, body } = await send(method, pathOf(url), headers);
        expect({ write, why, status, body: JSON.parse(body) as unknown }).toEqual({
          write,
          why,
          status: entry.status,
          body: { error: { code: entry.code, title: entry.title, message: entry.message, hint: entry.hint } },
        });
      }
    expect([editorErrors.foreignOrigin, editorErrors.badToken, editorErrors.foreignHost].map((e) => e.status)).toEqual([
      403, 403, 403,
    ]);
    expect(fs.existsSync(path.join(project.dir, "site-config/pages/guarded.json"))).toBe(false);
  });

  it("answers nothing of any route, reads included, to a request addressed to another name", async () => {
    for (const { method, url } of editor.routes) {
      const { status, body } = await send(method, pathOf(url), { host: "evil.example" });
      expect({
        route: `${method} ${url}`,
        status,
        code: method === "HEAD" ? undefined : (JSON.parse(body) as { error: { code: string } }).error.code,
      }).toEqual({
        route: `${method} ${url}`,
        status: 403,
        code: method === "HEAD" ? undefined : "EDIT_FOREIGN_HOST",
      });
    }
  });

  it("names the status of every refusal of publishing in the catalogue", () => {
    for (const entry of [...Object.values(editorGitErrors), ...Object.values(editorForgeErrors)])
      expect({ code: entry.code, status: typeof entry.status }).toEqual({ code: entry.code, status: "number" });
  });
});
