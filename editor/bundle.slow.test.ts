// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorErrors } from "../contract/errors.ts";
import { editorBundle } from "./bundle.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "editor-bundle-"));
/** A copy of the code the editor's pages are built from, with the installed packages linked. */
const repoDir = path.join(scratch, "project");
/** Its own cache: the builds of this test never replace the checkout's. */
const cacheDir = path.join(scratch, "cache");
const HERO = path.join(repoDir, "blocks/hero/Hero.tsx");

beforeAll(() => {
  for (const entry of [
    "editor",
    "renderer",
    "kit",
    "blocks",
    "contract",
    "toolchain",
    "imaging",
    "scripts",
    "schemas",
    "site-config",
  ])
    fs.cpSync(path.join(root, entry), path.join(repoDir, entry), { recursive: true });
  for (const file of ["package.json", "package-lock.json"])
    fs.copyFileSync(path.join(root, file), path.join(repoDir, file));
  fs.symlinkSync(fs.realpathSync(path.join(root, "node_modules")), path.join(repoDir, "node_modules"), "dir");
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The bundle's folder, and whether this call built it. */
async function bundle(): Promise<{ dir: string; built: boolean }> {
  let built = false;
  const dir = await editorBundle({ repoDir, cacheDir, onBuild: () => (built = true) });
  return { dir, built };
}

/** Runs `change` on a file, then `check`, and puts the file back as it was. */
async function withChanged(file: string, change: (text: string) => string, check: () => Promise<void>) {
  const before = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, change(before));
  try {
    await check();
  } finally {
    fs.writeFileSync(file, before);
  }
}

describe("the editor's built pages (npm run edit)", () => {
  let first = "";

  it("are built once, with the run's key left to fill in, then found as they are", async () => {
    const built = await bundle();
    expect(built.built).toBe(true);
    first = built.dir;
    const html = fs.readFileSync(path.join(first, "index.html"), "utf8");
    expect(html).toContain('<meta name="editor-token" content="%EDITOR_TOKEN%" />');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    const { files } = JSON.parse(fs.readFileSync(path.join(first, "sources.json"), "utf8")) as { files: object };
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["editor/app/main.tsx", "renderer/PageRenderer.tsx", "blocks/hero/Hero.tsx"]),
    );
    expect(Object.keys(files).filter((file) => file.includes("node_modules"))).toEqual([]);
    expect(await bundle()).toEqual({ dir: first, built: false });
  });

  it("are a production build, though the test runner set NODE_ENV to test", () => {
    expect(process.env.NODE_ENV).toBe("test");
    const assets = path.join(first, "assets");
    // The development JSX helper, and a frame name only React's development build has.
    const withDevelopmentCode = fs.readdirSync(assets).filter((name) => {
      const code = fs.readFileSync(path.join(assets, name), "utf8");
      return code.includes("jsxDEV") || code.includes("react_stack_bottom_frame");
    });
    expect(withDevelopmentCode).toEqual([]);
  });

  it("keep the editor's styles in the order their overrides need, though each component imports its own file", () => {
    const assets = path.join(first, "assets");
    const [file] = fs.readdirSync(assets).filter((name) => name.startsWith("index-") && name.endsWith(".css"));
    const css = fs.readFileSync(path.join(assets, file!), "utf8");
    const at = (rule: string) => {
      const index = css.indexOf(rule);
      expect(index, rule).toBeGreaterThanOrEqual(0);
      return index;
    };
    // The shared variables and resets first; the phone's layout, which lays the others out again, last.
    expect(at(":root{")).toBe(0);
    expect(css.lastIndexOf("@media")).toBe(at("@media (width<=899px){.editor .topbar{"));
    // The publish card holds the dialog that asks who publishes (dialogs.css): where the card's rules and the dialog's
    // both reach an element, the dialog's, later and as specific, win.
    for (const [card, dialog] of [
      [".changes-card h2{", ".confirm h2{"],
      [".changes-card .alert{", ".confirm .alert{"],
      [".publish label{", ".confirm label{"],
    ])
      expect({ card, dialog, before: at(card!) < at(dialog!) }).toEqual({ card, dialog, before: true });
  });

  it("stay as they are when a file they are not built from changes (a test, a page)", async () => {
    await withChanged(
      path.join(repoDir, "blocks/hero/Hero.test.tsx"),
      (text) => `${text}\n// A note.\n`,
      async () => {
        await withChanged(
          path.join(repoDir, "site-config/site.json"),
          (text) => text.replace("Voxa", "Voxa AI"),
          async () => expect(await bundle()).toEqual({ dir: first, built: false }),
        );
      },
    );
  });

  it("are built again when a block's code or the installed packages change, and found again once undone", async () => {
    await withChanged(
      HERO,
      (text) => `${text}\nexport const CHANGED = 1;\n`,
      async () => {
        const changed = await bundle();
        expect(changed.built).toBe(true);
        expect(changed.dir).not.toBe(first);
      },
    );
    await withChanged(
      path.join(repoDir, "package-lock.json"),
      (text) => text.replace('"name": "voxa-site"', '"name": "voxa-site-updated"'),
      async () => expect((await bundle()).built).toBe(true),
    );
    expect(await bundle()).toEqual({ dir: first, built: false });
  });

  it("are built again when how they are built changes (editor/bundle.ts, the icons plugin)", async () => {
    await withChanged(
      path.join(repoDir, "toolchain/site-icons-plugin.ts"),
      (text) => `${text}\n// A note.\n`,
      async () => expect((await bundle()).built).toBe(true),
    );
    expect(await bundle()).toEqual({ dir: first, built: false });
  });

  it("refuse with EDIT_BUNDLE_FAILED, naming the file that does not compile, and keep nothing half-built", async () => {
    await withChanged(
      HERO,
      (text) => `${text}\nexport const = ;\n`,
      async () => {
        const refusal = await bundle().catch((error: unknown) => error);
        expect(refusal).toMatchObject({ code: editorErrors.bundleFailed.code, hint: editorErrors.bundleFailed.hint });
        expect((refusal as Error).message).toMatch(
          /^The editor's pages could not be built from the code of the blocks, the renderer and the editor, so the editor did not start: .*blocks\/hero\/Hero\.tsx/s,
        );
        expect(fs.readdirSync(cacheDir).filter((name) => !name.startsWith("bundle-"))).toEqual([]);
      },
    );
  });
});
