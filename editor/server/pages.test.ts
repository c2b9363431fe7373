// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editAddress, requestAddress } from "../protocol.ts";
import { type EditorServer, startEditor } from "../server.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";

/** The editor's built pages in small, as a build leaves them: its page with the run's key to fill in, a script. */
const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "editor-pages-"));
const PAGE = '<meta name="editor-token" content="%EDITOR_TOKEN%" /><div id="root"></div>';
let project: ReturnType<typeof copyProject>;
let editor: EditorServer;

beforeAll(async () => {
  fs.mkdirSync(path.join(bundleDir, "assets"));
  fs.writeFileSync(path.join(bundleDir, "index.html"), PAGE);
  fs.writeFileSync(path.join(bundleDir, "preview.html"), "<title>Preview</title>");
  fs.writeFileSync(path.join(bundleDir, "assets/index-Ab12.js"), "export {};\n");
  project = copyProject();
  editor = await startEditor({ projectDir: project.dir, bundleDir });
}, 60_000);
afterAll(async () => {
  await editor?.close();
  project?.remove();
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

const get = async (address: string, method = "GET") => {
  const response = await fetch(`${editor.url}${address}`, { method });
  return { address, status: response.status, type: response.headers.get("content-type"), body: await response.text() };
};

describe("the editor's pages, at the addresses of its views", () => {
  it("answers its page at each view's address, with the run's key: a page, Changes, a review request, reloaded or shared", async () => {
    const page = PAGE.replace("%EDITOR_TOKEN%", editor.token);
    for (const address of [
      "/",
      editAddress("site-config/pages/industries/pet-insurance.json"),
      editAddress("site-config/site.json"),
      "/changes",
      "/review",
      requestAddress(7),
      "/team",
    ]) {
      expect(await get(address)).toEqual({ address, status: 200, type: "text/html; charset=utf-8", body: page });
      expect(await get(address, "HEAD")).toMatchObject({ address, status: 200, body: "" });
    }
  });

  it("leaves every other address to the API, the bundle's code and public/: nothing else is the page", async () => {
    expect(await get("/api/nothing-here")).toMatchObject({ status: 404, type: "application/json; charset=utf-8" });
    expect(await get("/assets/index-Ab12.js")).toMatchObject({ status: 200, body: "export {};\n" });
    expect(await get("/favicon.svg")).toMatchObject({ status: 200, type: "image/svg+xml" });
    for (const address of ["/edit", "/changes/more", "/review/7/more", "/teams", "/pages"])
      expect((await get(address)).status, address).toBe(404);
  });
});
