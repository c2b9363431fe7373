import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectValidators } from "../../../contract/schemas.server.ts";
import { animated, cameraPhoto, hugePngHeader, logoPng } from "../../../tests/support/images.ts";
import { ROOT } from "../../paths.ts";
import { formatProblem, validateConfig } from "../../validate.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "validate-images-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("validation of the pictures a page places", () => {
  it("refuses each hostile file by name, with what to do, and decodes only those that pass the quick checks", async () => {
    const configDir = path.join(scratch, "site-config");
    const publicDir = path.join(scratch, "public");
    fs.mkdirSync(path.join(configDir, "pages"), { recursive: true });
    fs.mkdirSync(path.join(publicDir, "media"), { recursive: true });
    fs.copyFileSync(path.join(ROOT, "site-config", "site.json"), path.join(configDir, "site.json"));
    const files: Record<string, Buffer> = {
      "logo.jpg": await logoPng(40, 20),
      "bomb.png": hugePngHeader(),
      "drawing.svg": Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9" onload="alert(1)"/>'),
      "spinner.webp": await animated("webp"),
      "huge.jpg": Buffer.alloc(26_000_000, 0xff),
      "half.jpg": (await cameraPhoto({ width: 300, height: 200 })).subarray(0, 4000),
    };
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(publicDir, "media", name), bytes);
    const page = {
      path: "/pictures",
      title: "Pictures",
      description: "A page of hostile files, to see each refused by name.",
      blocks: [
        ...Object.keys(files).map((name) => ({
          type: "image",
          image: { src: `/media/${name}`, alt: `What ${name} would show` },
        })),
        { type: "call-to-action" },
      ],
    };
    fs.writeFileSync(path.join(configDir, "pages", "pictures.json"), JSON.stringify(page, null, 2));
    const { problems } = validateConfig({ configDir, publicDir, validators: projectValidators() });
    expect(problems.filter((problem) => problem.code.startsWith("IMG")).map(formatProblem)).toEqual([
      "site-config/pages/pictures.json:9:9  /blocks/0/image/src  IMG003 '/media/logo.jpg' is named .jpg but holds a PNG image",
      "site-config/pages/pictures.json:16:9  /blocks/1/image/src  IMG004 '/media/bomb.png' is 30000 × 30000 pixels (900 megapixels), more than the 100 megapixels an image may have",
      "site-config/pages/pictures.json:23:9  /blocks/2/image/src  IMG007 '/media/drawing.svg' holds an event handler ('onload'); an SVG on the site may only draw",
      "site-config/pages/pictures.json:30:9  /blocks/3/image/src  IMG006 '/media/spinner.webp' is animated; pictures on pages are still images",
      "site-config/pages/pictures.json:37:9  /blocks/4/image/src  IMG005 '/media/huge.jpg' is 26.0 MB, more than the 25.0 MB an image file may be",
      "site-config/pages/pictures.json:44:9  /blocks/5/image/src  IMG009 '/media/half.jpg' is damaged and cannot be read whole (premature end of JPEG image)",
    ]);
  });
});
