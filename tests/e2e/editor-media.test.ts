import fs from "node:fs";
import path from "node:path";
import type { Locator, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { asSentence, mediaErrors, messageOf } from "../../contract/errors.ts";
import { cameraPhoto, logoPng, photoWithSubject } from "../support/images.ts";
import { DESKTOP, MOBILE } from "./support/browser.ts";
import { editorSuite, outlineBlock, savedStatus } from "./support/editor.ts";
import { sidewaysOverflow } from "./support/editor-phone.ts";
import { shoot } from "./support/shots.ts";
import { editAddress } from "../../editor/protocol.ts";

/**
 * The editor's media library (docs/media.md, docs/editor.md) in Chromium, driven as a marketer does: Media from the
 * page list; two camera-sized files uploaded at once, shown by their thumbnails (never the originals); a PNG named
 * .jpg refused in the catalogue's words while the rest of its batch goes up; a search; a picture a page uses framed
 * by a click, replaced, renamed (the page follows) and kept from deletion; an unused one deleted; and an image field's
 * Choose from library putting the chosen file in the field.
 *
 * The screenshots of the library, a file's details and the picker go to E2E_SHOTS_DIR (docs/images/ for the docs),
 * and are not taken without it:
 *   E2E_SHOTS_DIR=docs/images E2E_BASE_URL=http://127.0.0.1:9 npm run test:e2e -- tests/e2e/editor-media.test.ts
 * (it serves no site build: E2E_BASE_URL may be any address).
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const DENTAL = "site-config/pages/industries/dental-insurance.json";
/** The suite's own pictures, put in the copy before the editor starts: the project's may change. */
const USED = "claims-team.jpg";
const UNUSED = "spare-photo.jpg";
const DENTAL_PICTURE = "reception.jpg";
const TO_PICK = "lobby.jpg";

/** Places an image block showing `/media/<name>` second on a page of the copy. */
function placePicture(projectDir: string, file: string, name: string, alt: string) {
  const full = path.join(projectDir, file);
  const page = JSON.parse(fs.readFileSync(full, "utf8")) as { blocks: unknown[] };
  page.blocks.splice(1, 0, { type: "image", image: { src: `/media/${name}`, alt } });
  fs.writeFileSync(full, `${JSON.stringify(page, null, 2)}\n`);
}

/**
 * The files the upload test gives, made while the editor starts (a camera-sized photo takes sharp a few seconds on a
 * busy machine): a camera's JPEG with its EXIF, an upright PNG (a phone's screen), a PNG to be named .jpg and a smaller
 * photo.
 */
let toUpload: Promise<{ photo: Buffer; logo: Buffer; smallLogo: Buffer; smallPhoto: Buffer }>;

const suite = editorSuite(async (projectDir) => {
  toUpload = Promise.all([
    cameraPhoto({ width: 4000, height: 3000 }),
    logoPng(1200, 2400),
    logoPng(600, 300),
    cameraPhoto({ width: 1200, height: 800 }),
  ]).then(([photo, logo, smallLogo, smallPhoto]) => ({ photo, logo, smallLogo, smallPhoto }));
  const media = path.join(projectDir, "public/media");
  const photos: [string, Buffer][] = [
    [USED, await cameraPhoto({ width: 1600, height: 1000, exif: false })],
    [UNUSED, await cameraPhoto({ width: 900, height: 600, exif: false })],
    [DENTAL_PICTURE, await cameraPhoto({ width: 1200, height: 900, exif: false })],
    [TO_PICK, await cameraPhoto({ width: 1200, height: 800, exif: false })],
  ];
  for (const [name, bytes] of photos) fs.writeFileSync(path.join(media, name), bytes);
  placePicture(projectDir, PET, USED, "Our claims team at their desks");
  placePicture(projectDir, DENTAL, DENTAL_PICTURE, "The reception desk of a dental practice");
});

const onDisk = (file: string) => path.join(suite.project.dir, file);
/** Whether a file holds exactly `bytes` (Buffer.equals: a deep equality would walk a camera's megabytes byte by byte). */
const holds = (file: string, bytes: Buffer) => fs.readFileSync(onDisk(file)).equals(bytes);
const readJson = (file: string) => JSON.parse(fs.readFileSync(onDisk(file), "utf8")) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- content read in assertions

/** A fresh tab at 1366 px on the media library, reached as a marketer reaches it: Media on the page list. */
async function openLibrary(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(suite.editor.url);
  await page.getByRole("link", { name: "Media library" }).click();
  await page.getByRole("heading", { name: "Media library", level: 1 }).waitFor();
  await tile(page, USED).waitFor();
  return page;
}

const grid = (page: Page) => page.getByRole("list", { name: "Files" });
/** A file's tile in the grid, by its name. */
const tile = (page: Page, name: string) =>
  grid(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name, exact: true }) });
const details = (page: Page, name: string) => page.getByRole("complementary", { name });

/** Waits until a tile's picture has arrived and been drawn, scrolled into view first (the grid loads them lazily). */
async function thumbnailShown(page: Page, name: string): Promise<string> {
  const image = tile(page, name).locator("img");
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return (await image.getAttribute("src"))!;
}

/** Whether a tile shows its whole picture: the image inside its box, not standing out of it (and cut off). */
const wholeInTile = (page: Page, name: string) =>
  tile(page, name)
    .locator("img")
    .evaluate((img) => {
      const picture = img.getBoundingClientRect();
      const box = img.parentElement!.getBoundingClientRect();
      return (
        picture.top >= box.top && picture.bottom <= box.bottom && picture.left >= box.left && picture.right <= box.right
      );
    });

/** The tile pictures' answers, as the wire carried them: address and content type. */
function watchThumbnails(page: Page): { url: URL; type: string | undefined }[] {
  const seen: { url: URL; type: string | undefined }[] = [];
  page.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname === "/api/media/thumbnail") seen.push({ url, type: response.headers()["content-type"] });
  });
  return seen;
}

/** Every address the tab asked for under /media/ (the originals), as paths. */
function watchOriginals(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/media/")) asked.push(url.pathname);
  });
  return asked;
}

/** The focal point's crop previews: each one's shape (its caption) and where it shows the picture from. */
const cropPositions = (panel: Locator) =>
  panel
    .getByRole("list", { name: "How the site crops it" })
    .locator("img")
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).style.objectPosition));

/** Both widths' screenshots of what the tab shows, `<name>-390.png` and `<name>-1366.png`; the tab ends at 1366 px. */
async function screenshots(page: Page, name: string, shown: Locator) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await shown.scrollIntoViewIfNeeded();
    await settled(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await shoot(page, `${name}-${viewport.width}`);
  }
}

/**
 * Two frames, and every picture in view decoded: what the screen shows is what a person sees. The pointer leaves the
 * page first, so that no tile shows the border of one under it.
 */
async function settled(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.width > 0;
    });
    await Promise.all(inView.map((img) => img.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

describe("the editor's media library, in Chromium", () => {
  it("uploads camera-sized files at once, shows them by their thumbnails, and refuses a PNG named .jpg alone", async () => {
    const page = await openLibrary();
    const thumbnails = watchThumbnails(page);
    const originals = watchOriginals(page);
    const upload = page.getByLabel("Upload files", { exact: true });
    const uploads = page.getByRole("list", { name: "Uploads" });
    const line = (name: string) => uploads.getByRole("listitem").filter({ hasText: name });
    // Its state in words, whole: "Not uploaded" holds "uploaded" too.
    const uploaded = (name: string) => line(name).locator(".upload-state", { hasText: /^Uploaded$/ });

    // A camera's JPEG (4000 × 3000, with its EXIF) and an upright PNG, given together, each under a name the server takes.
    const { photo, logo, smallLogo, smallPhoto } = await toUpload;
    await upload.setInputFiles([
      { name: "Harbour Office_2024.JPG", mimeType: "image/jpeg", buffer: photo },
      { name: "App Screen.png", mimeType: "image/png", buffer: logo },
    ]);
    for (const name of ["harbour-office-2024.jpg", "app-screen.png"]) {
      await uploaded(name).waitFor();
      await tile(page, name).waitFor();
    }
    expect(await line("harbour-office-2024.jpg").textContent()).toContain("(from “Harbour Office_2024.JPG”)");
    expect(holds("public/media/harbour-office-2024.jpg", photo)).toBe(true);
    expect(holds("public/media/app-screen.png", logo)).toBe(true);
    expect(await tile(page, "harbour-office-2024.jpg").textContent()).toContain("4000 × 3000");
    expect(await tile(page, "harbour-office-2024.jpg").getByText("Not used").count()).toBe(1);

    // Each tile shows a WebP thumbnail from the thumbnail route, named by the file's version; no original was asked for.
    for (const name of ["harbour-office-2024.jpg", "app-screen.png"]) {
      const src = await thumbnailShown(page, name);
      const answer = thumbnails.find((seen) => seen.url.searchParams.get("src") === `/media/${name}`);
      expect(answer?.type).toBe("image/webp");
      expect(`${answer!.url.pathname}${answer!.url.search}`).toBe(src);
      expect(await wholeInTile(page, name)).toBe(true);
    }
    expect(originals).toEqual([]);
    await page.getByRole("button", { name: "Clear these lines" }).click();
    await screenshots(page, "media-library", page.getByRole("heading", { name: "Media library", level: 1 }));

    // A PNG under a .jpg name is refused in the catalogue's words; the other file of its batch goes up all the same.
    const [refusal] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/media?name=partner-logo.jpg")),
      upload.setInputFiles([
        { name: "Partner Logo.jpg", mimeType: "image/jpeg", buffer: smallLogo },
        { name: "Night Shift.jpg", mimeType: "image/jpeg", buffer: smallPhoto },
      ]),
    ]);
    expect(refusal.status()).toBe(400);
    await uploaded("night-shift.jpg").waitFor();
    const { title, hint } = mediaErrors.wrongExtension;
    const message = messageOf(mediaErrors.wrongExtension, { file: "partner-logo.jpg", holds: "PNG", named: "jpg" });
    expect(await line("partner-logo.jpg").locator(".upload-state").textContent()).toBe(
      `${title}. ${asSentence(message)} ${hint}`,
    );
    await tile(page, "night-shift.jpg").waitFor();
    expect(await tile(page, "partner-logo.jpg").count()).toBe(0);
    expect(fs.existsSync(onDisk("public/media/partner-logo.jpg"))).toBe(false);
    await page.context().close();
  });

  it("finds files by the words of their names, in any order", async () => {
    const page = await openLibrary();
    const search = page.getByRole("searchbox", { name: "Search files by name" });
    await search.fill("photo spare");
    await expect.poll(() => grid(page).getByRole("listitem").count()).toBe(1);
    expect(await tile(page, UNUSED).count()).toBe(1);
    await search.fill("no such picture");
    await page.getByText("No file matches “no such picture”.").waitFor();
    expect(await grid(page).count()).toBe(0);
    await search.fill("");
    await tile(page, USED).waitFor();
    await page.context().close();
  });

  it("frames, replaces and renames a picture a page uses, keeps it from deletion, and deletes an unused one", async () => {
    const page = await openLibrary();
    const thumbnails = watchThumbnails(page);
    const before = await thumbnailShown(page, USED);
    await page.getByRole("button", { name: USED, exact: true }).click();
    const panel = details(page, USED);
    await panel.getByRole("heading", { name: "Used on 1 page" }).waitFor();
    expect(await panel.getByRole("link", { name: readJson(PET).title }).count()).toBe(1);

    // Deleting it is not offered while the page uses it, and the button says why.
    const remove = panel.getByRole("button", { name: "Delete file" });
    expect(await remove.isDisabled()).toBe(true);
    const why = await remove.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${why}"]`).textContent()).toBe("Used on 1 page: remove it from that page first.");

    // A click on the picture puts the focal point there (the green circle, 30% across, 60% down); the crops follow it.
    const picture = panel.locator(".focal-frame img");
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const centred = await cropPositions(panel);
    const box = (await picture.boundingBox())!;
    await picture.click({ position: { x: box.width * 0.3, y: box.height * 0.6 } });
    await panel.getByText("Focal point: 30% across, 60% down").waitFor();
    const moved = await cropPositions(panel);
    expect(moved).toHaveLength(centred.length);
    // A shape narrower than the picture is cut sideways: the cut now starts further left than the centre's.
    expect(moved.filter((position, index) => position !== centred[index]).length).toBeGreaterThan(0);

    const [framing] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith("/api/media/framing")),
      panel.getByRole("button", { name: "Save focal point" }).click(),
    ]);
    const sent = framing.postDataJSON() as { src: string; focus: { x: number; y: number } };
    expect(sent.src).toBe(`/media/${USED}`);
    expect(sent.focus.x).toBeCloseTo(0.3, 2);
    expect(sent.focus.y).toBeCloseTo(0.6, 2);
    await panel.getByText(`Focal point saved in site-config/media/${USED}.json.`).waitFor();
    expect(readJson(`site-config/media/${USED}.json`).focus).toEqual(sent.focus);
    await screenshots(page, "media-details", panel.getByRole("list", { name: "How the site crops it" }));

    // Replaced by another JPEG: same name, new bytes; its thumbnail is asked for under the new version.
    const replacement = await photoWithSubject(1600, 1000, { x: 0.3, y: 0.6 });
    await panel.getByLabel("Replace file", { exact: true }).setInputFiles({
      name: "claims-team-2025.jpg",
      mimeType: "image/jpeg",
      buffer: replacement,
    });
    await panel.getByText(`every page that shows ${USED} shows the new file.`, { exact: false }).waitFor();
    const after = await thumbnailShown(page, USED);
    expect(new URL(after, suite.editor.url).searchParams.get("v")).not.toBe(
      new URL(before, suite.editor.url).searchParams.get("v"),
    );
    expect(thumbnails.some((seen) => `${seen.url.pathname}${seen.url.search}` === after)).toBe(true);
    expect(holds(`public/media/${USED}`, replacement)).toBe(true);
    expect(readJson(PET).blocks[1].image.src).toBe(`/media/${USED}`);
    // Its focal point stays with the name.
    await panel.getByText("Focal point: 30% across, 60% down").waitFor();

    // Renamed: the page names the new file, and the framing file moves with it.
    const name = panel.getByRole("textbox", { name: "Name" });
    await name.fill("Claims Desk");
    await panel.getByText("Saved as claims-desk.jpg: names are lower case, with hyphens between words.").waitFor();
    await panel.getByRole("button", { name: "Rename", exact: true }).click();
    const renamed = details(page, "claims-desk.jpg");
    await renamed.getByText(/^Renamed to claims-desk\.jpg: \d+ files updated\.$/).waitFor();
    expect(readJson(PET).blocks[1].image.src).toBe("/media/claims-desk.jpg");
    expect(fs.existsSync(onDisk(`public/media/${USED}`))).toBe(false);
    expect(readJson("site-config/media/claims-desk.jpg.json").focus).toEqual(sent.focus);
    expect(fs.existsSync(onDisk(`site-config/media/${USED}.json`))).toBe(false);
    expect(await tile(page, USED).count()).toBe(0);

    // A file no page uses goes, after a confirmation; its tile and its file with it.
    await page.getByRole("button", { name: UNUSED, exact: true }).click();
    await details(page, UNUSED).getByRole("button", { name: "Delete file" }).click();
    const confirm = page.getByRole("dialog", { name: `Delete “${UNUSED}”?` });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Deleted public/media/${UNUSED}.` })
      .waitFor();
    await expect.poll(() => tile(page, UNUSED).count()).toBe(0);
    expect(fs.existsSync(onDisk(`public/media/${UNUSED}`))).toBe(false);
    await page.context().close();
  });

  it("puts the file chosen in Choose from library into a page's image field", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${suite.editor.url}${editAddress(DENTAL)}`);
    await outlineBlock(page, "Image").click();
    const field = page.getByRole("combobox", { name: "Src" });
    expect(await field.inputValue()).toBe(`/media/${DENTAL_PICTURE}`);

    await page.getByRole("button", { name: "Choose from library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from the media library" });
    // The field's file is marked; a video, which an image field does not take, is not offered.
    const current = picker.getByRole("button", { name: DENTAL_PICTURE, exact: true });
    expect(await current.getAttribute("aria-current")).toBe("true");
    expect(await picker.getByRole("button", { name: /\.(mp4|webm)$/ }).count()).toBe(0);
    await thumbnailShown(page, TO_PICK);
    await settled(page);
    await shoot(page, "media-picker-1366");

    await picker.getByRole("searchbox", { name: "Search files by name" }).fill("lobby");
    await picker.getByRole("button", { name: TO_PICK, exact: true }).click();
    await picker.waitFor({ state: "hidden" });
    expect(await field.inputValue()).toBe(`/media/${TO_PICK}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await savedStatus(page);
    expect(readJson(DENTAL).blocks[1].image.src).toBe(`/media/${TO_PICK}`);
    await context.close();
  });
});
