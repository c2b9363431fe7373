import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { cameraPhoto, logoPng, withAuthor } from "../tests/support/images.ts";
import { builtPages, namedByPages, publishOriginals } from "./image-files.ts";
import { withoutMetadata } from "./strip-metadata.ts";

const pixels = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer()).toString("base64");

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "originals-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("the originals a build publishes", () => {
  it("lose their EXIF (GPS position, camera, author) and text, their pixels untouched", async () => {
    const photo = await cameraPhoto({ width: 200, height: 150 });
    const clean = await withoutMetadata(photo, "jpeg");
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
    expect(clean.includes("Jane Doe")).toBe(false);
    expect(await pixels(clean)).toBe(await pixels(photo));

    const logo = withAuthor(await logoPng(40, 20));
    expect(logo.includes("Jane Doe")).toBe(true);
    const cleanLogo = await withoutMetadata(logo, "png");
    expect(cleanLogo.includes("Jane Doe")).toBe(false);
    expect(await pixels(cleanLogo)).toBe(await pixels(logo));
  });

  it("are turned by their orientation when it is dropped with the EXIF", async () => {
    const turned = await withoutMetadata(await cameraPhoto({ width: 200, height: 150, orientation: 6 }), "jpeg");
    const { width, height, exif } = await sharp(turned).metadata();
    expect({ width, height, exif }).toEqual({ width: 150, height: 200, exif: undefined });
  });

  it("are only those a page names: the others are not published", async () => {
    const client = path.join(scratch, "client");
    fs.mkdirSync(path.join(client, "media", "team"), { recursive: true });
    fs.writeFileSync(path.join(client, "index.html"), '<video poster="/media/team/poster.jpg"></video>');
    fs.writeFileSync(path.join(client, "media", "team", "poster.jpg"), await cameraPhoto({ width: 120, height: 90 }));
    fs.writeFileSync(path.join(client, "media", "team", "office.jpg"), await cameraPhoto({ width: 120, height: 90 }));
    fs.writeFileSync(path.join(client, "media", "demo.mp4"), "video");
    expect(await publishOriginals(client, namedByPages(builtPages(client)))).toEqual({
      removed: ["/media/team/office.jpg"],
      stripped: ["/media/team/poster.jpg"],
    });
    expect(fs.existsSync(path.join(client, "media", "demo.mp4"))).toBe(true);
    expect((await sharp(path.join(client, "media", "team", "poster.jpg")).metadata()).exif).toBeUndefined();
  });
});
