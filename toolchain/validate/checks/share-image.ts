import fs from "node:fs";
import { MIN_SHARE_HEIGHT, MIN_SHARE_WIDTH, imageInfo } from "../../../contract/image-size.ts";
import { configErrors } from "../../../contract/errors.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";
import { publicFile } from "../site-paths.ts";

/** A page's sharing image (`image.src`), where public/ has it, is an image large enough for the cards that show it. */
export const shareImage: Check = ({ pages, publicDir, relative }) => {
  const { problems, report } = findings(relative);
  for (const { source, page } of pages) {
    const src = page.image?.src;
    const file = typeof src === "string" ? publicFile(publicDir, src) : undefined;
    if (typeof src !== "string" || !file) continue;
    const info = imageInfo(fs.readFileSync(file));
    if (!info) report(source, "/image/src", configErrors.notAnImage, { src });
    else if (info.width < MIN_SHARE_WIDTH || info.height < MIN_SHARE_HEIGHT)
      report(source, "/image/src", configErrors.imageTooSmall, {
        src,
        width: info.width,
        height: info.height,
        minWidth: MIN_SHARE_WIDTH,
        minHeight: MIN_SHARE_HEIGHT,
      });
  }
  return problems;
};
