import { imageLibrary } from "./image-library.ts";

/**
 * JPEG segments that say who, where and with what, not how to draw: APP1 (EXIF, with its GPS position and camera
 * serial, and XMP), APP13 (IPTC: author, caption) and comments. The colour profile (APP2), JFIF (APP0) and Adobe's
 * colour transform (APP14) are kept: without them the pixels would show other colours.
 */
const JPEG_DROPPED = new Set([0xe1, 0xed, 0xfe]);
/** PNG chunks of the same kind: EXIF, text (author, software, comments) and the last-changed time. */
const PNG_DROPPED = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

function jpegWithout(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    // Start of scan: the compressed image follows, to the end of the file, without lengths to walk.
    if (marker === 0xda) break;
    const end = offset + 2 + bytes.readUInt16BE(offset + 2);
    if (!JPEG_DROPPED.has(marker)) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  kept.push(bytes.subarray(offset));
  return Buffer.concat(kept);
}

function pngWithout(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const end = offset + 12 + bytes.readUInt32BE(offset);
    if (!PNG_DROPPED.has(bytes.toString("latin1", offset + 4, offset + 8))) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat(kept);
}

/**
 * A JPEG or PNG without what it says about its author, place and camera, its pixels untouched (no re-encoding). A
 * photo turned by its EXIF orientation cannot lose it losslessly: it is turned and written again. Other formats are
 * returned as they are.
 */
export async function withoutMetadata(bytes: Buffer, format: "jpeg" | "png" | "other"): Promise<Buffer> {
  if (format === "png") return pngWithout(bytes);
  if (format !== "jpeg") return bytes;
  const sharp = await imageLibrary();
  const { orientation } = await sharp(bytes).metadata();
  if (orientation && orientation !== 1)
    return sharp(bytes).autoOrient().jpeg({ quality: 92, mozjpeg: true }).toBuffer();
  return jpegWithout(bytes);
}
