import zlib from "node:zlib";
import sharp from "sharp";

/** The EXIF a phone or camera writes: who took it, with what, and where (a GPS position in Berlin). */
export const CAMERA_EXIF = {
  IFD0: { Artist: "Jane Doe", Make: "Canon", Model: "EOS R5", Copyright: "Jane Doe" },
  IFD2: { BodySerialNumber: "0123456789" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "13/1 24/1 0/1" },
};

interface PhotoOptions {
  width: number;
  height: number;
  /** EXIF orientation (6: the camera was turned a quarter clockwise: the pixels lie on their side). */
  orientation?: number;
  exif?: boolean;
  quality?: number;
}

/**
 * A photo as a camera writes it: grain over soft shapes (pure noise would cost an encoder many times what a real scene
 * does), as a JPEG with its EXIF.
 */
export async function cameraPhoto({
  width,
  height,
  orientation,
  exif = true,
  quality = 90,
}: PhotoOptions): Promise<Buffer> {
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#8fb8e8"/><stop offset="1" stop-color="#f1e3c8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#sky)"/><circle cx="${width * 0.3}" cy="${height * 0.6}" r="${height / 4}" fill="#3c6e47"/><rect x="${width * 0.55}" y="${height * 0.35}" width="${width / 4}" height="${height / 2}" fill="#a0522d"/></svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  let image = sharp(scene)
    .composite([{ input: grain, blend: "soft-light" }])
    .jpeg({ quality });
  if (exif) image = image.withExif(CAMERA_EXIF);
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

/** A photo of one flat colour with a red square centred on a point (fractions of the width and height). */
export async function photoWithSubject(width: number, height: number, at: { x: number; y: number }): Promise<Buffer> {
  const side = Math.round(Math.min(width, height) / 10);
  const square = await sharp({
    create: { width: side, height: side, channels: 3, background: { r: 255, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .composite([
      {
        input: square,
        left: Math.round(at.x * width - side / 2),
        top: Math.round(at.y * height - side / 2),
      },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A logo: a coloured shape on a transparent background, as a PNG. */
export async function logoPng(width: number, height: number): Promise<Buffer> {
  const shape = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${width / 8}" y="${height / 4}" width="${(width * 3) / 4}" height="${height / 2}" rx="${height / 8}" fill="#1f4fd1"/></svg>`,
  );
  return sharp(shape).png().toBuffer();
}

/** The mean colour of a region of an image (fractions), to see where its subject landed. */
export async function colourAt(
  bytes: Buffer,
  at: { x: number; y: number },
): Promise<{ r: number; g: number; b: number }> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const left = Math.min(width - 1, Math.max(0, Math.round(at.x * width) - 1));
  const top = Math.min(height - 1, Math.max(0, Math.round(at.y * height) - 1));
  const { data } = await sharp(bytes)
    .extract({ left, top, width: Math.min(3, width - left), height: Math.min(3, height - top) })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let index = 0; index < data.length; index += 3) for (let c = 0; c < 3; c++) sum[c]! += data[index + c]!;
  const pixels = data.length / 3;
  return { r: sum[0]! / pixels, g: sum[1]! / pixels, b: sum[2]! / pixels };
}

/** A PNG chunk: its length, type, data and CRC, as a hand-written PNG needs them. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header says 30,000 × 30,000 pixels: what a decompression bomb looks like before it is decoded. */
export function hugePngHeader(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG with an Author text chunk after its header, as drawing programs write them. */
export function withAuthor(png: Buffer): Buffer {
  const headerEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([
    png.subarray(0, headerEnd),
    pngChunk("tEXt", Buffer.from("Author\0Jane Doe", "latin1")),
    png.subarray(headerEnd),
  ]);
}

/** Two frames, red then blue, as an animated WebP or GIF. */
export async function animated(format: "webp" | "gif"): Promise<Buffer> {
  const frames = await Promise.all(
    ["#f00", "#00f"].map((background) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  const joined = sharp(frames, { join: { animated: true } });
  return (format === "webp" ? joined.webp() : joined.gif()).toBuffer();
}
