// @vitest-environment node
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { configErrors, describeError, editorErrors, editorPathErrors, messageOf } from "../contract/errors.ts";
import { type EditorServer, startEditor } from "./server.ts";
import { changedLines, copyProject, freeSlug } from "../tests/support/editor/test-project.ts";
import { cameraPhoto, logoPng } from "../tests/support/images.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
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

const read = (file: string) => fs.readFileSync(path.join(project.dir, file), "utf8");

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

/** A GET sent as written: its path not normalised, its headers as given. */
const rawGet = (pathname: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(editor.url);
    const request = http.request({ hostname, port, path: pathname, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });

function post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${editor.url}${pathname}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: editor.url,
      "x-editor-token": editor.token,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function open(file: string) {
  const response = await fetch(`${editor.url}/api/document?file=${encodeURIComponent(file)}`);
  return (await response.json()) as { value: { blocks: Record<string, unknown>[] }; version: string };
}

describe("npm run edit: the editor's server", () => {
  it("listens on 127.0.0.1 only", () => {
    expect(editor.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("says in its bootstrap whether the project is a git checkout; outside one, the changes are refused (409)", async () => {
    const bootstrap = async () => ((await (await fetch(`${editor.url}/api/bootstrap`)).json()) as { git: boolean }).git;
    expect(await bootstrap()).toBe(false);
    const changes = await fetch(`${editor.url}/api/changes`);
    expect(changes.status).toBe(409);
    expect(await errorCode(changes)).toBe("EDIT_GIT_NOT_A_REPOSITORY");
    execFileSync("git", ["init", "--quiet"], { cwd: project.dir });
    try {
      expect(await bootstrap()).toBe(true);
    } finally {
      fs.rmSync(path.join(project.dir, ".git"), { recursive: true, force: true });
    }
  });

  it("refuses a write from another origin, or without the token, and leaves the file untouched", async () => {
    const before = read(PET);
    const { value, version } = await open(PET);
    value.blocks[0].heading = "Written by another site";
    const foreign = await post("/api/save", { file: PET, value, version }, { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("EDIT_FOREIGN_ORIGIN");
    const noToken = await post("/api/save", { file: PET, value, version }, { "x-editor-token": "guess" });
    expect(noToken.status).toBe(403);
    expect(((await noToken.json()) as { error: { code: string } }).error.code).toBe("EDIT_BAD_TOKEN");
    // DNS rebinding: another site's name pointed at 127.0.0.1, so the browser sends that name as Host.
    const rebinding = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${editor.url}/api/save`,
        {
          method: "POST",
          headers: { host: "evil.example", origin: "http://evil.example", "x-editor-token": editor.token },
        },
        (response) => resolve(response.statusCode ?? 0),
      );
      request.on("error", reject);
      request.end(JSON.stringify({ file: PET, value, version }));
    });
    expect(rebinding).toBe(403);
    expect(read(PET)).toBe(before);
  });

  it("answers nothing to a request addressed to another name (DNS rebinding): neither its page and key nor the API", async () => {
    for (const pathname of ["/", "/preview", "/index.html", "/main.tsx", "/api/bootstrap"]) {
      const { status, body } = await rawGet(pathname, { host: "evil.example" });
      expect(status, pathname).toBe(403);
      expect(JSON.parse(body), pathname).toEqual({ error: editorErrors.foreignHost });
      expect(body).not.toContain(editor.token);
    }
    expect(editorErrors.foreignHost.message).toBe(
      "This request was addressed to another site's name (its Host header), so the editor answered nothing: not its page, which carries this run's key, nor its files.",
    );
  });

  it("refuses a save or a check whose value is not a document, or a body that is not an object, with 400", async () => {
    const before = read(PET);
    const { version } = await open(PET);
    for (const value of [null, [], "text", 3]) {
      const save = await post("/api/save", { file: PET, value, version });
      expect(save.status, JSON.stringify(value)).toBe(400);
      expect(await save.json()).toEqual({ error: editorErrors.notADocument });
      const check = await post("/api/validate", { file: PET, value });
      expect(check.status).toBe(400);
      expect(await check.json()).toEqual({ error: editorErrors.notADocument });
    }
    expect(editorErrors.notADocument).toMatchObject({
      code: "EDIT_NOT_A_DOCUMENT",
      message: "The content sent is not a JSON object, as a page and the site's settings are, so nothing was written.",
    });
    for (const body of ["null", "[1]", '"text"', "{ not json"]) {
      const response = await post("/api/save", body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ error: editorErrors.badRequest });
    }
    expect(read(PET)).toBe(before);
  });

  it("refuses a JSON body over 2 MB with its own words, not the upload's", async () => {
    const before = read(PET);
    const { value, version } = await open(PET);
    value.blocks[0].heading = "x".repeat(2 * 1024 * 1024);
    const response = await post("/api/save", { file: PET, value, version });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: editorErrors.bodyTooLarge });
    expect(editorErrors.bodyTooLarge).toMatchObject({
      code: "EDIT_BODY_TOO_LARGE",
      message: "Request body too large: the editor takes at most 2 MB of JSON in one request, so nothing was written.",
    });
    expect(read(PET)).toBe(before);
  });

  it("refuses files outside site-config/: traversal, absolute paths", async () => {
    for (const file of ["../package.json", "/etc/passwd", "site-config/../package.json"]) {
      const response = await post("/api/save", { file, value: {}, version: "" });
      expect(response.status, file).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("EDIT_UNSAFE_PATH");
    }
    const read = await fetch(`${editor.url}/api/document?file=${encodeURIComponent("../package.json")}`);
    expect(read.status).toBe(403);
    expect(((await read.json()) as { reason: string }).reason).toBe(
      messageOf(editorPathErrors.outside, { file: "../package.json", roots: ["site-config"] }),
    );
    const notJson = await fetch(`${editor.url}/api/document?file=${encodeURIComponent("site-config/notes.txt")}`);
    expect(await notJson.json()).toMatchObject({
      error: { code: "EDIT_UNSAFE_PATH" },
      reason: "'site-config/notes.txt' is not a JSON document",
    });
  });

  it("answers a request it fails on with the catalogue's words, not the error's", async () => {
    // A folder named like a page: reading it fails in a way no refusal foresees.
    const odd = "site-config/pages/folder.json";
    fs.mkdirSync(path.join(project.dir, odd));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await fetch(`${editor.url}/api/document?file=${encodeURIComponent(odd)}`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: editorErrors.failed });
      expect(quiet).toHaveBeenCalledWith(
        describeError(editorErrors.failed),
        expect.objectContaining({ code: "EISDIR" }),
      );
    } finally {
      quiet.mockRestore();
      fs.rmSync(path.join(project.dir, odd), { recursive: true });
    }
  });

  it("refuses to open a file that is not valid JSON, saying where it breaks, as npm run validate does", async () => {
    const broken = "site-config/pages/broken.json";
    fs.writeFileSync(path.join(project.dir, broken), '{\n  "path": "/broken",\n  "title": "Broken",\n}\n');
    try {
      const response = await fetch(`${editor.url}/api/document?file=${encodeURIComponent(broken)}`);
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: unknown; problems: Record<string, unknown>[] };
      expect(body.error).toEqual(editorErrors.notJson);
      expect(body.problems).toEqual([
        expect.objectContaining({
          file: broken,
          line: 4,
          column: 1,
          code: configErrors.syntax.code,
          message:
            "invalid JSON: a property name in double quotes was expected — is there a trailing comma before '}'?",
        }),
      ]);
    } finally {
      fs.rmSync(path.join(project.dir, broken));
    }
  });

  it("saves an edit as a one-line diff", async () => {
    const before = read(PET);
    const { value, version } = await open(PET);
    value.blocks[0].heading = "Calm, caring support when your pet needs help";
    const response = await post("/api/save", { file: PET, value, version });
    expect(response.status).toBe(200);
    expect(changedLines(before, read(PET))).toEqual([
      {
        line: 19,
        before: '      "heading": "Calm, caring support when a pet needs help",',
        after: '      "heading": "Calm, caring support when your pet needs help",',
      },
    ]);
  });

  it("refuses to save a page with problems, with the list, and leaves the file untouched", async () => {
    const before = read(PET);
    const { value, version } = await open(PET);
    (value.blocks[0].actions as { href: string }[])[0].href = "/contcat";
    const response = await post("/api/save", { file: PET, value, version });
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      error: { code: string };
      problems: { pointer: string; code: string; message: string; hint: string }[];
    };
    expect(body.error.code).toBe("EDIT_INVALID");
    expect(body.problems.map((p) => [p.code, p.hint])).toEqual([
      [configErrors.brokenLink.code, configErrors.brokenLink.hint],
    ]);
    expect(body.problems.map((p) => `${p.pointer}  ${p.message}`)).toEqual([
      "/blocks/0/actions/0/href  link '/contcat' points to no page — did you mean '/contact'?",
    ]);
    expect(read(PET)).toBe(before);
  });

  it("validates unsaved content with the same checks as npm run validate", async () => {
    const { value } = await open(PET);
    value.blocks[0].badge = "x".repeat(61);
    const response = await post("/api/validate", { file: PET, value });
    expect(((await response.json()) as { problems: { message: string }[] }).problems.map((p) => p.message)).toEqual([
      "text is too long: 61 characters, at most 60 allowed",
    ]);
  });

  describe("a save made on a version the file no longer has", () => {
    type Page = { title: string; description: string; blocks: Record<string, unknown>[] };
    const writeDisk = (edit: (page: Page) => void) => {
      const page = JSON.parse(read(PET)) as Page;
      edit(page);
      fs.writeFileSync(path.join(project.dir, PET), `${JSON.stringify(page, null, 2)}\n`);
    };
    const saveBody = async (response: Response) =>
      (await response.json()) as { version: string; changed: boolean; merged?: Page };

    it("merges changes to different fields, writes the merge and answers it with its version", async () => {
      const { value: base, version } = await open(PET);
      writeDisk((page) => void (page.title = "Pet insurance, answered"));
      const value = structuredClone(base);
      value.blocks[0].badge = "Pets";
      const response = await post("/api/save", { file: PET, value, version, base });
      expect(response.status).toBe(200);
      const body = await saveBody(response);
      expect(body.merged?.title).toBe("Pet insurance, answered");
      expect(body.merged?.blocks[0].badge).toBe("Pets");
      expect(body.version).toBe((await open(PET)).version);
      expect(read(PET)).toContain('"title": "Pet insurance, answered"');
      expect(read(PET)).toContain('"badge": "Pets"');
    });

    it("writes nothing while both changed one field, answers 409 with it in words, then writes the value chosen", async () => {
      const { value: base, version } = await open(PET);
      const heading = base.blocks[0].heading;
      writeDisk((page) => {
        page.blocks[0].heading = "Their heading";
        page.description =
          "AI agents for pet insurers: emergency claims, vet coordination and calm support for owners, day and night.";
      });
      const value = structuredClone(base);
      value.blocks[0].heading = "My heading";
      value.blocks[0].badge = "Pets";
      const before = read(PET);
      const stale = await post("/api/save", { file: PET, value, version, base });
      expect(stale.status).toBe(409);
      const { version: theirs } = await open(PET);
      expect(await stale.json()).toEqual({
        error: {
          code: editorErrors.conflict.code,
          title: editorErrors.conflict.title,
          message: editorErrors.conflict.message,
          hint: editorErrors.conflict.hint,
        },
        version: theirs,
        conflicts: [
          {
            path: "/blocks/0/heading",
            field: "Industry hero › Heading",
            base: heading,
            theirs: "Their heading",
            mine: "My heading",
          },
        ],
      });
      expect(read(PET)).toBe(before);

      const chosen = await post("/api/save", {
        file: PET,
        value,
        version,
        base,
        choices: { "/blocks/0/heading": "theirs" },
      });
      expect(chosen.status).toBe(200);
      const saved = JSON.parse(read(PET)) as Page;
      expect([saved.blocks[0].heading, saved.blocks[0].badge, saved.description]).toEqual([
        "Their heading",
        "Pets",
        "AI agents for pet insurers: emergency claims, vet coordination and calm support for owners, day and night.",
      ]);
    });

    it("asks about every field that differs when the save does not say what it was made on", async () => {
      const { value: opened, version } = await open(PET);
      writeDisk((page) => void (page.title = "Their title"));
      const value = { ...opened, title: "My title" };
      const stale = await post("/api/save", { file: PET, value, version });
      expect(stale.status).toBe(409);
      const body = (await stale.json()) as { conflicts: { field: string; theirs: unknown; mine: unknown }[] };
      expect(body.conflicts).toEqual([{ path: "/title", field: "Title", theirs: "Their title", mine: "My title" }]);
    });

    it("refuses choices that are not theirs or mine, writing nothing", async () => {
      const { value, version } = await open(PET);
      const before = read(PET);
      const response = await post("/api/save", { file: PET, value, version, choices: { "/title": "both" } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: "EDIT_BAD_CHOICES",
          title: "Not saved: choices unreadable",
          message: editorErrors.badChoices.message,
          hint: editorErrors.badChoices.hint,
        },
      });
      expect(read(PET)).toBe(before);
    });
  });

  it("creates a page from the scaffold's templates, with the same refusals", async () => {
    const slug = freeSlug(path.join(project.dir, "site-config/pages"), "industries", "marine-insurance");
    const created = await post("/api/pages", { template: "industry", slug, name: "Marine Insurance" });
    expect(await created.json()).toEqual({
      file: `site-config/pages/industries/${slug}.json`,
      path: `/industries/${slug}`,
    });
    const again = await post("/api/pages", { template: "industry", slug, name: "Marine Insurance" });
    expect(again.status).toBe(400);
    const body = (await again.json()) as { error: { code: string }; reason: string };
    expect(body.error.code).toBe("EDIT_SCAFFOLD");
    expect(body.reason).toBe(`site-config/pages/industries/${slug}.json already exists`);
  });

  it("duplicates a page beside it, with the scaffold's refusals, and only from site-config/pages/", async () => {
    const copy = await post("/api/pages/duplicate", { file: PET, slug: "pet-insurance-2" });
    expect(await copy.json()).toEqual({
      file: "site-config/pages/industries/pet-insurance-2.json",
      path: "/industries/pet-insurance-2",
    });
    expect(JSON.parse(read("site-config/pages/industries/pet-insurance-2.json"))).toEqual({
      ...(JSON.parse(read(PET)) as object),
      path: "/industries/pet-insurance-2",
    });
    const taken = await post("/api/pages/duplicate", { file: PET, slug: "pet-insurance-2" });
    expect(taken.status).toBe(400);
    const body = (await taken.json()) as { error: { code: string }; code: string; reason: string };
    expect(body.error.code).toBe("EDIT_DUPLICATE");
    expect(body.code).toBe("NEW004");
    expect(body.reason).toBe("site-config/pages/industries/pet-insurance-2.json already exists");
    fs.rmSync(path.join(project.dir, "site-config/pages/industries/pet-insurance-2.json"));

    const settings = await post("/api/pages/duplicate", { file: "site-config/site.json", slug: "site-2" });
    expect(((await settings.json()) as { error: { code: string } }).error.code).toBe("EDIT_UNSAFE_PATH");
    const foreign = await post("/api/pages/duplicate", { file: PET, slug: "x" }, { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
  });

  it("uploads media into public/media/ only, checking name, type and origin", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"/>';
    const ok = await post("/api/media?name=claim-photo.svg", svg, { "content-type": "image/svg+xml" });
    expect(await ok.json()).toEqual({ src: "/media/claim-photo.svg" });
    expect(fs.existsSync(path.join(project.dir, "public/media/claim-photo.svg"))).toBe(true);
    const script = await post("/api/media?name=run.sh", svg);
    expect(await errorCode(script)).toBe("EDIT_MEDIA_TYPE");
    const traversal = await post("/api/media?name=..%2F..%2Fx.svg", svg);
    expect(traversal.status).toBe(400);
    const twice = await post("/api/media?name=claim-photo.svg", svg);
    expect(await errorCode(twice)).toBe("EDIT_MEDIA_EXISTS");
    const foreign = await post("/api/media?name=other.svg", svg, { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    // Shown by the preview at once, from the project's public/.
    const shown = await fetch(`${editor.url}/media/claim-photo.svg`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/svg+xml");
    expect(await shown.text()).toBe(svg);
  });

  it("serves public/ and nothing beside it: no dotfile, no file above it", async () => {
    fs.writeFileSync(path.join(project.dir, "public/.env"), "SECRET=1");
    try {
      for (const pathname of ["/.env", "/../site-config/site.json", "/%2e%2e/%2e%2e/package.json", "/main.tsx"]) {
        const { status, body } = await rawGet(pathname);
        expect(status, pathname).toBe(404);
        expect(body, pathname).not.toMatch(/SECRET|"blocks"|"name"/);
      }
    } finally {
      fs.rmSync(path.join(project.dir, "public/.env"));
    }
  });

  it("cuts short the answer for a media file removed while it is read, and keeps running", async () => {
    const open = fs.createReadStream;
    const removed = vi
      .spyOn(fs, "createReadStream")
      .mockImplementationOnce((file, options) => open(`${String(file)}.removed`, options));
    try {
      const answer = await fetch(`${editor.url}/media/demo-poster.jpg`).then(
        (response) => response.arrayBuffer().then(() => "whole"),
        () => "cut short",
      );
      expect(answer).not.toBe("whole");
    } finally {
      removed.mockRestore();
    }
    expect((await fetch(`${editor.url}/media/demo-poster.jpg`)).status).toBe(200);
  });

  it("refuses a picture that is not what its name says, is damaged or could run code, and keeps nothing of it", async () => {
    const upload = (name: string, body: Buffer | string) =>
      fetch(`${editor.url}/api/media?name=${name}`, {
        method: "POST",
        headers: { origin: editor.url, "x-editor-token": editor.token, "content-type": "application/octet-stream" },
        body: typeof body === "string" ? body : new Uint8Array(body),
      });
    const photo = await cameraPhoto({ width: 320, height: 240 });
    const refusals = {
      "brochure.png": [
        "%PDF-1.7 not an image",
        "IMG008 'brochure.png' is a PDF file; pictures on pages are JPEG, PNG, WebP, AVIF or SVG",
      ],
      "banner.svg": [
        "<html><script>alert(1)</script></html>",
        "IMG002 'banner.svg' is not an image the site can read: its bytes are no JPEG, PNG, WebP, AVIF or SVG",
      ],
      "logo.jpg": [await logoPng(40, 20), "IMG003 'logo.jpg' is named .jpg but holds a PNG image"],
      "half.jpg": [
        photo.subarray(0, photo.length >> 1),
        "IMG009 'half.jpg' is damaged and cannot be read whole (premature end of JPEG image)",
      ],
      "icon.svg": [
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        "IMG007 'icon.svg' holds an event handler ('onload'); an SVG on the site may only draw",
      ],
    } as const;
    for (const [name, [body, words]] of Object.entries(refusals)) {
      const response = await upload(name, body);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect([response.status, `${error.code} ${error.message}`], name).toEqual([400, words]);
      expect(fs.existsSync(path.join(project.dir, "public/media", name)), name).toBe(false);
    }
    const real = await upload("real-photo.jpg", photo);
    expect(await real.json()).toEqual({ src: "/media/real-photo.jpg" });
  });

  it("refuses a file over 25 MB with EDIT_MEDIA_SIZE, and keeps nothing of it", async () => {
    const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x20);
    big.write('<svg xmlns="http://www.w3.org/2000/svg">');
    const response = await fetch(`${editor.url}/api/media?name=huge.svg`, {
      method: "POST",
      headers: { origin: editor.url, "x-editor-token": editor.token, "content-type": "image/svg+xml" },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: editorErrors.mediaSize });
    expect(editorErrors.mediaSize.message).toBe("The file is larger than 25 MB.");
    expect(fs.existsSync(path.join(project.dir, "public/media/huge.svg"))).toBe(false);
  });
});
