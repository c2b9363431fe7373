// @vitest-environment node
/**
 * The media library's routes on a copy of the project with pictures and pages of its own (a folder of public/media/
 * the site does not use, a page, a shared section and a German page naming its photo): the list with each file's
 * facts and uses, thumbnails made once and never the original, and replacing, renaming, deleting and framing a file,
 * each refusal in the catalogue's words and writing nothing.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import prettier from "prettier";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyEntry, editorErrors, editorMediaErrors, editorPathErrors, messageOf } from "../../contract/errors.ts";
import { mediaErrors } from "../../contract/errors.ts";
import { createValidators } from "../../contract/schemas.server.ts";
import { readBlockFolders } from "../../toolchain/block-folders.ts";
import { formatJsonFile } from "../../toolchain/format-json.ts";
import { changedLines, copyProject } from "../../tests/support/editor/test-project.ts";
import { cameraPhoto, logoPng } from "../../tests/support/images.ts";
import { EDITOR_TOKEN_HEADER, MEDIA_THUMBNAIL_WIDTH, type MediaLibraryAnswer } from "../protocol.ts";
import { buildEditor } from "./app.ts";
import { aspectLabel } from "./media-aspects.ts";
import { thumbnailFile } from "./media-thumbnails.ts";

const FOLDER = "/media/fixture-library";
const PHOTO = `${FOLDER}/team-photo.jpg`;
const LOGO = `${FOLDER}/small-logo.png`;
const DRAWING = `${FOLDER}/diagram.svg`;
const VIDEO = `${FOLDER}/intro.mp4`;
const PAGE = "site-config/pages/fixture-library.json";
const SECTION = "site-config/sections/fixture-library-band.json";
const GERMAN = "site-config/locales/de-DE/pages/fixture-library.json";
const PHOTO_FRAMING = "site-config/media/fixture-library/team-photo.jpg.json";
/** An MP4's first bytes: its file type box. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2", "latin1")]);
const DIAGRAM = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect width="40" height="30"/></svg>';

let project: ReturnType<typeof copyProject>;
let cacheDir = "";
let editor: Awaited<ReturnType<typeof buildEditor>>;
let base = "";

const at = (file: string) => path.join(project.dir, file);
const publicFile = (src: string) => at(`public${src}`);
const read = (file: string) => fs.readFileSync(at(file), "utf8");

/** A content file as the repository formats it, so that an edit's diff is the edit's lines alone. */
async function writeJson(file: string, value: Record<string, unknown>) {
  const full = at(file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  const options = { ...(await prettier.resolveConfig(path.join(process.cwd(), "package.json"))), filepath: full };
  fs.writeFileSync(full, await formatJsonFile(JSON.stringify(value, null, 2), options));
}

async function writeFixture() {
  fs.mkdirSync(publicFile(FOLDER), { recursive: true });
  // Taken with the camera turned: 800 × 600 pixels that show 600 wide and 800 high.
  fs.writeFileSync(publicFile(PHOTO), await cameraPhoto({ width: 800, height: 600, orientation: 6 }));
  fs.writeFileSync(publicFile(LOGO), await logoPng(40, 20));
  fs.writeFileSync(publicFile(DRAWING), DIAGRAM);
  fs.writeFileSync(publicFile(VIDEO), MP4);
  const image = { src: PHOTO, alt: "The claims team at their desks" };
  await writeJson(PAGE, {
    $schema: "../../schemas/page.schema.json",
    path: "/fixture-library",
    title: "Library fixture",
    description: "A page of the media library's fixture.",
    blocks: [
      { type: "image", image },
      // Mentioning the address in words is no use of the file.
      { type: "text-section", heading: `About ${PHOTO}`, paragraphs: ["Words only."] },
    ],
  });
  await writeJson(SECTION, {
    $schema: "../../schemas/section.schema.json",
    name: "Library band",
    blocks: [{ type: "image", image }],
  });
  await writeJson(GERMAN, {
    $schema: "../../../../schemas/page.schema.json",
    translationOf: "/fixture-library",
    path: "/de/fixture-library",
    title: "Bibliothek",
    description: "Eine Seite der Bibliothek.",
    blocks: [{ type: "image", image: { ...image, alt: "Das Team an seinen Tischen" } }],
  });
  await writeJson(PHOTO_FRAMING, {
    $schema: "../../../schemas/media.schema.json",
    focus: { x: 0.3, y: 0.4 },
  });
}

beforeAll(async () => {
  project = copyProject();
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-library-cache-"));
  await writeFixture();
  editor = await buildEditor({ projectDir: project.dir, env: {}, imageCacheDir: cacheDir });
  await editor.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(editor.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await editor?.app.close();
  project?.remove();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const get = (url: string) => fetch(`${base}${url}`);
const send = (method: string, url: string, body: string | Buffer) =>
  fetch(`${base}${url}`, {
    method,
    headers: { "content-type": "application/json", origin: base, [EDITOR_TOKEN_HEADER]: editor.token },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
const post = (url: string, body: unknown) => send("POST", url, JSON.stringify(body));
const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });
const library = async () => (await (await get("/api/media/library")).json()) as MediaLibraryAnswer;
const listed = async (src: string) => (await library()).files.find((file) => file.src === src);
const thumbnailUrl = (src: string, version = "") =>
  `/api/media/thumbnail?src=${encodeURIComponent(src)}${version && `&v=${version}`}`;

/** A refusal as the tab receives it: the entry's status, and its words with its parameters. */
const refusal = <E extends AnyEntry>(entry: E, message: string, detail: Record<string, unknown> = {}) => ({
  status: entry.status,
  body: { error: { code: entry.code, title: entry.title, message, hint: entry.hint }, ...detail },
});

/** Every file of the copy with its content's digest: what "nothing written" is checked against. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const root of ["site-config", "public"])
    for (const entry of fs.readdirSync(at(root), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) {
        const file = path.join(entry.parentPath, entry.name);
        out[path.relative(project.dir, file)] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
      }
  return out;
}

const version = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 16);

describe("the media library's list", () => {
  it("lists every file of public/media/ by address, with its facts, framing and the pages and sections using it", async () => {
    const { files } = await library();
    const sources = files.map((file) => file.src);
    expect(sources).toEqual([...sources].sort());
    expect(sources).toEqual(expect.arrayContaining([PHOTO, LOGO, DRAWING, VIDEO, "/media/demo.mp4"]));
    expect(files.find((file) => file.src === PHOTO)).toEqual({
      src: PHOTO,
      name: "team-photo.jpg",
      kind: "image",
      type: "image/jpeg",
      bytes: fs.statSync(publicFile(PHOTO)).size,
      width: 600,
      height: 800,
      focus: { x: 0.3, y: 0.4 },
      version: version(publicFile(PHOTO)),
      usedOn: [
        { file: PAGE, path: "/fixture-library", title: "Library fixture" },
        { file: GERMAN, path: "/de/fixture-library", title: "Bibliothek" },
        { file: SECTION, path: "section:fixture-library-band", title: "Library band" },
      ],
    });
    expect(files.find((file) => file.src === DRAWING)).toMatchObject({ type: "image/svg+xml", width: 40, height: 30 });
    expect(files.find((file) => file.src === VIDEO)).toEqual({
      src: VIDEO,
      name: "intro.mp4",
      kind: "video",
      type: "video/mp4",
      bytes: MP4.length,
      version: version(publicFile(VIDEO)),
      usedOn: [],
    });
  });

  it("lists the shapes the blocks cut pictures to, the widest first, each with the blocks that use it", async () => {
    const { aspects } = await library();
    expect(aspects.map((aspect) => aspect.ratio)).toEqual(
      [...aspects.map((aspect) => aspect.ratio)].sort((a, b) => b - a),
    );
    for (const aspect of aspects) expect(aspect.label).toBe(aspectLabel(aspect.ratio));
    // Each block whose manifest gives a place a shape of its own is named under that shape, by its label.
    for (const { manifest } of await readBlockFolders(project.dir))
      for (const slot of Object.values(manifest.images ?? {}))
        if (typeof slot !== "function" && slot.aspect)
          expect(aspects.find((aspect) => aspect.ratio === slot.aspect)?.places).toContain(manifest.label);
    // A place a field of the block chooses is named with the value that gives the shape.
    expect(aspects.find((aspect) => aspect.label === "3:2")?.places).toContain("Hero (image placement: behind)");
    // A phone's upright cut of the photo behind the hero: previewed too, where the focal point matters most.
    expect(aspects.find((aspect) => aspect.label === "2:3")?.places).toContain(
      "Hero (image placement: behind) on phones",
    );
    expect(aspects.flatMap((aspect) => aspect.places)).not.toContain("Hero (image placement: beside)");
  });

  it("writes a shape in the smallest whole numbers that give it", () => {
    expect([3 / 2, 4 / 3, 4 / 5, 16 / 9, 1, 2.35].map(aspectLabel)).toEqual([
      "3:2",
      "4:3",
      "4:5",
      "16:9",
      "1:1",
      "2.35:1",
    ]);
  });
});

describe("the media library's thumbnails", () => {
  it("answers a WebP at most the thumbnail's width, turned upright, without metadata, kept for a year when current", async () => {
    const current = version(publicFile(PHOTO));
    const response = await get(thumbnailUrl(PHOTO, current));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: "webp",
      width: MEDIA_THUMBNAIL_WIDTH,
      height: Math.round((MEDIA_THUMBNAIL_WIDTH * 800) / 600),
    });
    expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // An address without the current version may name older content: it is asked again every time.
    for (const stale of [thumbnailUrl(PHOTO), thumbnailUrl(PHOTO, "0123456789abcdef")])
      expect((await get(stale)).headers.get("cache-control")).toBe("no-cache");
  });

  it("makes a picture's thumbnail once, and answers it from the picture cache after", async () => {
    const digest = crypto
      .createHash("sha256")
      .update(fs.readFileSync(publicFile(PHOTO)))
      .digest("hex");
    const kept = thumbnailFile(cacheDir, digest);
    expect(fs.existsSync(kept)).toBe(true);
    // What the cache holds is what is answered: the picture is not encoded again.
    const marker = await sharp({ create: { width: 3, height: 3, channels: 3, background: "#0f0" } })
      .webp()
      .toBuffer();
    fs.writeFileSync(kept, marker);
    const again = await get(thumbnailUrl(PHOTO));
    expect(Buffer.from(await again.arrayBuffer()).equals(marker)).toBe(true);
    fs.rmSync(kept);
  });

  it("never makes a small picture larger, and draws a drawing at the thumbnail's width", async () => {
    const logo = await sharp(Buffer.from(await (await get(thumbnailUrl(LOGO))).arrayBuffer())).metadata();
    expect([logo.format, logo.width, logo.height]).toEqual(["webp", 40, 20]);
    const drawing = await get(thumbnailUrl(DRAWING));
    expect(drawing.headers.get("content-type")).toBe("image/webp");
    const drawn = await sharp(Buffer.from(await drawing.arrayBuffer())).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(["webp", MEDIA_THUMBNAIL_WIDTH, 240]);
  });

  it("refuses a video, a file that is not there, an SVG that could run code, and any path out of public/media/", async () => {
    expect(await answer(await get(thumbnailUrl(VIDEO)))).toEqual(
      refusal(editorMediaErrors.noThumbnail, messageOf(editorMediaErrors.noThumbnail, { src: VIDEO })),
    );
    const missing = `${FOLDER}/nowhere.jpg`;
    expect(await answer(await get(thumbnailUrl(missing)))).toEqual(
      refusal(editorMediaErrors.unknown, `there is no picture or video '${missing}' in public/media/`),
    );
    const hostile = `${FOLDER}/hostile.svg`;
    fs.writeFileSync(publicFile(hostile), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><script/></svg>');
    expect(await answer(await get(thumbnailUrl(hostile)))).toEqual(
      refusal(mediaErrors.unsafeSvg, `'${hostile}' holds a script; an SVG on the site may only draw`),
    );
    fs.rmSync(publicFile(hostile));
    for (const query of ["src=/media/../../package.json", "src=/media/%2e%2e/%2e%2e/package.json"]) {
      const outside = `public/media/../../package.json`;
      expect(await answer(await get(`/api/media/thumbnail?${query}`))).toEqual(
        refusal(editorErrors.unsafePath, editorErrors.unsafePath.message, {
          reason: messageOf(editorPathErrors.outside, { file: outside, roots: ["public/media"] }),
        }),
      );
    }
    // An address that is not the file's own, though it leads to it, names nothing of the library.
    expect((await answer(await get(thumbnailUrl(`${FOLDER}/./team-photo.jpg`)))).status).toBe(404);
  });
});

describe("replacing a file's content", () => {
  it("puts new bytes under the file's name, keeping every page's reference, with a new version", async () => {
    const pages = [PAGE, SECTION, GERMAN].map(read);
    const before = version(publicFile(LOGO));
    const wider = await logoPng(80, 40);
    const response = await answer(await send("PUT", `/api/media/file?src=${encodeURIComponent(LOGO)}`, wider));
    expect(response).toEqual({ status: 200, body: { src: LOGO, version: version(publicFile(LOGO)) } });
    expect(fs.readFileSync(publicFile(LOGO)).equals(wider)).toBe(true);
    expect(version(publicFile(LOGO))).not.toBe(before);
    expect(await listed(LOGO)).toMatchObject({ width: 80, height: 40, version: version(publicFile(LOGO)) });
    expect([PAGE, SECTION, GERMAN].map(read)).toEqual(pages);
  });

  it("refuses bytes that are not what the name says, and a file that is not there, writing nothing", async () => {
    const before = snapshot();
    const png = await logoPng(40, 20);
    expect(await answer(await send("PUT", `/api/media/file?src=${encodeURIComponent(PHOTO)}`, png))).toEqual(
      refusal(mediaErrors.wrongExtension, "'team-photo.jpg' is named .jpg but holds a PNG image"),
    );
    expect(await answer(await send("PUT", `/api/media/file?src=${encodeURIComponent(VIDEO)}`, png))).toEqual(
      refusal(editorErrors.mediaContent, editorErrors.mediaContent.message),
    );
    const missing = `${FOLDER}/nowhere.png`;
    expect(await answer(await send("PUT", `/api/media/file?src=${encodeURIComponent(missing)}`, png))).toEqual(
      refusal(editorMediaErrors.unknown, `there is no picture or video '${missing}' in public/media/`),
    );
    expect(snapshot()).toEqual(before);
  });
});

describe("renaming a file", () => {
  it("refuses a name that is taken, not the site's way of naming, or of another format, writing nothing", async () => {
    const before = snapshot();
    const cases: [string, ReturnType<typeof refusal>][] = [
      [
        "small-logo.jpg",
        refusal(
          editorMediaErrors.nameTaken,
          `'${FOLDER}/small-logo.jpg' exists already (or its framing does): a rename never overwrites a file`,
        ),
      ],
      [
        "Claims Team.jpg",
        refusal(editorMediaErrors.badName, messageOf(editorMediaErrors.badName, { name: "Claims Team.jpg" })),
      ],
      [
        "../claims-team.jpg",
        refusal(editorMediaErrors.badName, messageOf(editorMediaErrors.badName, { name: "../claims-team.jpg" })),
      ],
      [
        "claims-team.png",
        refusal(
          editorMediaErrors.otherExtension,
          "'claims-team.png' does not end in .jpg, the file's format: a rename keeps the format",
        ),
      ],
    ];
    fs.writeFileSync(publicFile(`${FOLDER}/small-logo.jpg`), await cameraPhoto({ width: 20, height: 20 }));
    const withTaken = snapshot();
    for (const [to, expected] of cases)
      expect({ to, ...(await answer(await post("/api/media/rename", { src: PHOTO, to }))) }).toEqual({
        to,
        ...expected,
      });
    expect(snapshot()).toEqual(withTaken);
    fs.rmSync(publicFile(`${FOLDER}/small-logo.jpg`));
    expect(snapshot()).toEqual(before);
  });

  it("moves the file and its framing, and changes every page and section naming it, and nothing else", async () => {
    const renamed = `${FOLDER}/claims-team.jpg`;
    const texts = Object.fromEntries([PAGE, SECTION, GERMAN].map((file) => [file, read(file)]));
    const framing = read(PHOTO_FRAMING);
    const bytes = fs.readFileSync(publicFile(PHOTO));
    expect(await answer(await post("/api/media/rename", { src: PHOTO, to: "claims-team.jpg" }))).toEqual({
      status: 200,
      body: {
        src: renamed,
        files: [
          "public/media/fixture-library/claims-team.jpg",
          "public/media/fixture-library/team-photo.jpg",
          "site-config/locales/de-DE/pages/fixture-library.json",
          "site-config/media/fixture-library/claims-team.jpg.json",
          "site-config/media/fixture-library/team-photo.jpg.json",
          "site-config/pages/fixture-library.json",
          "site-config/sections/fixture-library-band.json",
        ],
      },
    });
    expect(fs.existsSync(publicFile(PHOTO))).toBe(false);
    expect(fs.readFileSync(publicFile(renamed)).equals(bytes)).toBe(true);
    expect(fs.existsSync(at(PHOTO_FRAMING))).toBe(false);
    expect(read("site-config/media/fixture-library/claims-team.jpg.json")).toBe(framing);
    // Each file changes on the reference's line alone: the words that mention the old address stay as written.
    for (const [file, before] of Object.entries(texts))
      expect({ file, changed: changedLines(before, read(file)) }).toEqual({
        file,
        changed: [
          {
            line: before.split("\n").findIndex((line) => line.includes(`"src": "${PHOTO}"`)) + 1,
            before: expect.stringContaining(PHOTO) as string,
            after: expect.stringContaining(renamed) as string,
          },
        ],
      });
    expect(read(PAGE)).toContain(`About ${PHOTO}`);
    expect((await listed(renamed))?.usedOn.map((use) => use.file)).toEqual([PAGE, GERMAN, SECTION]);
    expect(await listed(PHOTO)).toBeUndefined();
    // Back under its old name, for the tests that follow.
    expect((await post("/api/media/rename", { src: renamed, to: "team-photo.jpg" })).status).toBe(200);
    expect(Object.fromEntries([PAGE, SECTION, GERMAN].map((file) => [file, read(file)]))).toEqual(texts);
  });
});

describe("deleting a file", () => {
  it("refuses while a page or section uses it, naming each, and keeps it", async () => {
    expect(await answer(await post("/api/media/delete", { src: PHOTO }))).toEqual(
      refusal(
        editorMediaErrors.inUse,
        `'${PHOTO}' is used on 3 pages and sections, which would show nothing in its place: ${PAGE}, ${GERMAN}, ${SECTION}`,
      ),
    );
    expect(fs.existsSync(publicFile(PHOTO))).toBe(true);
    expect(fs.existsSync(at(PHOTO_FRAMING))).toBe(true);
  });

  it("deletes a file nothing uses, with its framing, and refuses one that is not there", async () => {
    const spare = `${FOLDER}/spare-shot.jpg`;
    const spareFraming = "site-config/media/fixture-library/spare-shot.jpg.json";
    fs.writeFileSync(publicFile(spare), await cameraPhoto({ width: 40, height: 30 }));
    await writeJson(spareFraming, { focus: { x: 0.5, y: 0.5 } });
    expect(await answer(await post("/api/media/delete", { src: spare }))).toEqual({
      status: 200,
      body: { deleted: ["public/media/fixture-library/spare-shot.jpg", spareFraming] },
    });
    expect([fs.existsSync(publicFile(spare)), fs.existsSync(at(spareFraming))]).toEqual([false, false]);
    expect(await answer(await post("/api/media/delete", { src: spare }))).toEqual(
      refusal(editorMediaErrors.unknown, `there is no picture or video '${spare}' in public/media/`),
    );
    const outside = "/media/../../site-config/site.json";
    expect(await answer(await post("/api/media/delete", { src: outside }))).toEqual(
      refusal(editorErrors.unsafePath, editorErrors.unsafePath.message, {
        reason: messageOf(editorPathErrors.outside, { file: `public${outside}`, roots: ["public/media"] }),
      }),
    );
    expect(fs.existsSync(at("site-config/site.json"))).toBe(true);
  });
});

describe("framing a picture", () => {
  const LOGO_FRAMING = "site-config/media/fixture-library/small-logo.png.json";

  it("writes its framing file as the content's files are written, and removes it when given neither point nor crop", async () => {
    const framing = { focus: { x: 0.7, y: 0.35 }, crop: { x: 0, y: 0.1, width: 1, height: 0.8 } };
    expect(await answer(await post("/api/media/framing", { src: LOGO, ...framing }))).toEqual({
      status: 200,
      body: { file: LOGO_FRAMING },
    });
    expect(read(LOGO_FRAMING)).toBe(
      [
        "{",
        '  "$schema": "../../../schemas/media.schema.json",',
        '  "focus": { "x": 0.7, "y": 0.35 },',
        '  "crop": { "x": 0, "y": 0.1, "width": 1, "height": 0.8 }',
        "}",
        "",
      ].join("\n"),
    );
    expect(createValidators(project.dir).framing(JSON.parse(read(LOGO_FRAMING)))).toBe(true);
    expect(await listed(LOGO)).toMatchObject(framing);
    expect(await answer(await post("/api/media/framing", { src: LOGO }))).toEqual({
      status: 200,
      body: { file: LOGO_FRAMING },
    });
    expect(fs.existsSync(at(LOGO_FRAMING))).toBe(false);
  });

  it("refuses fractions out of bounds, a crop past the picture's edge and a video, writing nothing", async () => {
    const before = snapshot();
    const range = refusal(editorMediaErrors.framingRange, editorMediaErrors.framingRange.message);
    for (const framing of [
      { focus: { x: 1.5, y: 0.5 } },
      { focus: { x: -0.1, y: 0.5 } },
      { crop: { x: 0, y: 0, width: 0, height: 1 } },
      { crop: { x: 0, y: 0, width: 1 } },
    ])
      expect(await answer(await post("/api/media/framing", { src: PHOTO, ...framing }))).toEqual(range);
    expect(
      await answer(await post("/api/media/framing", { src: PHOTO, crop: { x: 0.5, y: 0, width: 0.7, height: 1 } })),
    ).toEqual(
      refusal(
        editorMediaErrors.cropOutside,
        "the crop reaches past the picture's right edge (to 1.20 of its width, at most 1), so nothing was written",
      ),
    );
    expect(await answer(await post("/api/media/framing", { src: VIDEO, focus: { x: 0.5, y: 0.5 } }))).toEqual(
      refusal(editorMediaErrors.videoFraming, `'${VIDEO}' is a video: only pictures have a focal point and a crop`),
    );
    expect(snapshot()).toEqual(before);
  });
});
