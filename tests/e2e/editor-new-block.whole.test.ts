import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asSentence, configErrors, editorGitErrors, editorLines, messageOf } from "../../contract/errors.ts";
import { DESKTOP, launch } from "./support/browser.ts";
import { fieldMessage, preview, savedStatus } from "./support/editor.ts";
import { editAddress } from "../../editor/protocol.ts";

/**
 * A developer's flow, end to end: `npm run new:block -- --type quote` in a copy of the whole project, then that copy's
 * own `npm run edit`, whose preview and palette import the copy's generated registry. Nothing here writes the block's
 * files, its schema union or its registry entry: the scaffold and the generators do.
 */
const root = path.resolve(import.meta.dirname, "../..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "editor-new-block-"));
const copy = path.join(scratch, "project");
const PET = "site-config/pages/industries/pet-insurance.json";

/** What the scaffold writes into the new schema's example, and into its manifest. */
const EXAMPLE = { type: "quote", heading: "Quote heading", text: "What the quote block says." };
const DESCRIPTION = "Say in one line what the block is for.";

let editor: ChildProcess | undefined;
let editorOutput = "";
let url = "";
let browser: Browser | undefined;

/** Ends the copy's editor and anything it started (its process group), even when the test run itself is ending. */
function stopEditor(signal: NodeJS.Signals) {
  if (editor?.pid === undefined || editor.exitCode !== null || editor.signalCode !== null) return;
  try {
    process.kill(-editor.pid, signal);
  } catch {
    // Already gone.
  }
}
const killOnExit = () => stopEditor("SIGKILL");
process.on("exit", killOnExit);

/** A developer's shell: without what Vitest sets in its workers (NODE_ENV=test, MODE, DEV, SSR, BASE_URL…). */
const shell = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(VITEST.*|TEST|NODE_ENV|MODE|DEV|PROD|SSR|BASE_URL|FORCE_TTY)$/.test(name),
  ),
);

/** Runs an npm script of the copy, in the copy, as a developer types it. */
const npm = (args: string[]) =>
  spawnSync("npm", args, { cwd: copy, env: { ...shell, NO_COLOR: "1" }, encoding: "utf8" });

const read = (file: string) => fs.readFileSync(path.join(copy, file), "utf8");

/**
 * A fresh tab on the copy's editor with the pet insurance page open, once its preview shows the page; `problems`
 * collects its errors and failed requests (a module that Vite cannot resolve or may not serve among them).
 */
async function openPet(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser!.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(`${url}${editAddress(PET)}`);
  await preview(page).getByRole("heading", { name: "Calm, caring support when a pet needs help" }).waitFor();
  return { page, problems };
}

beforeAll(async () => {
  // The whole project, as a developer's checkout, minus what is installed, built or cached.
  fs.cpSync(root, copy, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|\.git|\.cache|build|coverage|\.react-router)$/.test(src),
  });
  // The installed packages, each linked, but a folder of the copy's own: the editor keeps its built pages in
  // node_modules/.vite-editor, which must be built from the copy's code, not found in the checkout's.
  fs.mkdirSync(path.join(copy, "node_modules"));
  for (const entry of fs.readdirSync(path.join(root, "node_modules")))
    if (!entry.startsWith(".vite"))
      fs.symlinkSync(path.join(root, "node_modules", entry), path.join(copy, "node_modules", entry));

  const created = npm(["run", "new:block", "--", "--type", "quote"]);
  expect(created.stderr).not.toMatch(/✖/);
  expect(created.status, created.stdout + created.stderr).toBe(0);
  expect(created.stdout).toContain("✔ created block type 'quote'");
  // What `npm run gen` derives from the folder: the union, the types, the registry.
  expect(read("schemas/block.schema.json")).toContain('"$ref": "../blocks/quote/schema.json"');
  expect(read("contract/generated/schema-types.ts")).toContain("export interface QuoteBlock");
  expect(read("renderer/generated/block-components.ts")).toContain(
    '"quote": () => import("../../blocks/quote/Quote.tsx")',
  );

  // `npm run edit` after its `npm run gen`: the copy's own editor, in a process group of its own.
  editor = spawn(process.execPath, ["--import", "tsx", "editor/main.ts"], {
    cwd: copy,
    env: { ...shell, BROWSER: "none", EDIT_PORT: "" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const child = editor;
  url = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      editorOutput += chunk.toString();
      const address = /Voxa page editor: (http:\/\/127\.0\.0\.1:\d+)\//.exec(editorOutput);
      if (address) resolve(address[1]);
    };
    child.stdout!.on("data", seen);
    child.stderr!.on("data", seen);
    child.once("exit", (code) => reject(new Error(`the editor stopped (${code}):\n${editorOutput}`)));
  });

  browser = await launch();
  // The copy's editor built its pages from the copy's code, the new block type with them.
  expect(editorOutput).toContain(messageOf(editorLines.building));
  const built = fs
    .readdirSync(path.join(copy, "node_modules/.vite-editor"))
    .filter((name) => name.startsWith("bundle-"));
  expect(built).toHaveLength(1);
  const sources = JSON.parse(read(`node_modules/.vite-editor/${built[0]}/sources.json`)) as { files: object };
  expect(Object.keys(sources.files)).toContain("blocks/quote/Quote.tsx");
  const { page, problems } = await openPet();
  expect(problems).toEqual([]);
  await page.context().close();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (editor && editor.exitCode === null && editor.signalCode === null) {
    const exited = new Promise((resolve) => editor!.once("exit", resolve));
    stopEditor("SIGTERM");
    const late = setTimeout(() => stopEditor("SIGKILL"), 5_000);
    await exited;
    clearTimeout(late);
  }
  process.off("exit", killOnExit);
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("a block type made with npm run new:block, in that project's npm run edit", () => {
  it("is in the palette with its own thumbnail, inserts with its example, previews, validates and saves", async () => {
    const { page, problems } = await openPet();
    await page.getByRole("button", { name: "Add block" }).click();
    const palette = page.getByRole("dialog", { name: "Add a block" });
    const entry = palette.locator('.palette-entry[data-block-type="quote"]');
    expect(await entry.locator(".palette-label").textContent()).toBe("Quote");
    expect(await entry.locator(".palette-description").textContent()).toBe(DESCRIPTION);
    // The thumbnail is the scaffolded component's markup, rendered by the copy's preview.
    await entry.scrollIntoViewIfNeeded();
    await entry.locator('.palette-thumb[data-thumbnail="shown"] iframe').waitFor();
    await entry
      .frameLocator("iframe")
      .getByRole("heading", { name: EXAMPLE.heading, level: 2, exact: true })
      .waitFor({ state: "attached" });

    await entry.getByRole("button", { name: `Quote ${DESCRIPTION}` }).click();
    await page.getByRole("heading", { name: "Quote", level: 2 }).waitFor();
    const heading = page.getByRole("textbox", { name: "Heading", exact: true });
    const text = page.getByRole("textbox", { name: "Text", exact: true });
    await expect.poll(() => heading.inputValue()).toBe(EXAMPLE.heading);
    expect(await text.inputValue()).toBe(EXAMPLE.text);
    await preview(page).getByRole("heading", { name: EXAMPLE.heading, level: 2, exact: true }).waitFor();

    const typed = "Claims answered while the vet is still on the line";
    await heading.fill(typed);
    await preview(page).getByRole("heading", { name: typed, level: 2, exact: true }).waitFor();

    await heading.fill("");
    await expect.poll(() => heading.getAttribute("aria-invalid")).toBe("true");
    const empty = configErrors.tooShort;
    await expect.poll(() => fieldMessage(page, heading)).toBe(`${empty.message({ length: 0, min: 1 })} ${empty.hint}`);

    await heading.fill(typed);
    await expect.poll(() => fieldMessage(page, heading)).toBeNull();
    await page.keyboard.press("Control+s");
    await savedStatus(page);
    const saved = JSON.parse(read(PET)) as { blocks: Record<string, unknown>[] };
    expect(saved.blocks.map((block) => block.type)).toEqual([
      "industry-hero",
      "video",
      "use-case-cards",
      "checklist",
      "quote",
      "call-to-action",
    ]);
    expect(saved.blocks[4]).toEqual({ ...EXAMPLE, heading: typed });
    const validated = npm(["run", "validate"]);
    expect(validated.status, validated.stdout + validated.stderr).toBe(0);
    expect(validated.stdout).toContain("✔ site-config/ is valid");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("lists the pages outside git without asking git (no failed request), and the Changes view says why", async () => {
    const { page, problems } = await openPet();
    await page.getByRole("button", { name: "Pages" }).click();
    await page.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    // The link has no count: its accessible name is its text alone.
    expect(await page.getByRole("link", { name: "Changes", exact: true }).count()).toBe(1);
    expect(problems).toEqual([]);

    await page.getByRole("link", { name: "Changes", exact: true }).click();
    const { title, message, hint } = editorGitErrors.notRepository;
    const refusal = page.getByRole("region", { name: "Changed files" }).getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(`${title}. ${asSentence(message)} ${hint}`);
    await page.context().close();
  });
});
