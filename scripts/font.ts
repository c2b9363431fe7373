/**
 * `npm run font`: writes the site's typeface file (contract/typeface.ts says which characters and weights) from
 * @fontsource-variable/inter's Latin file. Run it after changing UNICODE_RANGE or the weights, and commit the file.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import { TYPEFACE_FILE, TYPEFACE_SOURCE, TYPEFACE_WEIGHTS, unicodeRangeCodePoints } from "../contract/typeface.ts";
import { fontLines } from "../contract/errors.ts";
import { ROOT } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";

const source = fs.readFileSync(createRequire(import.meta.url).resolve(TYPEFACE_SOURCE));
const subset = await subsetFont(source, String.fromCodePoint(...unicodeRangeCodePoints()), {
  targetFormat: "woff2",
  variationAxes: { wght: TYPEFACE_WEIGHTS },
});
fs.mkdirSync(path.dirname(path.join(ROOT, TYPEFACE_FILE)), { recursive: true });
fs.writeFileSync(path.join(ROOT, TYPEFACE_FILE), subset);
print(fontLines.written, {
  file: TYPEFACE_FILE,
  kb: (subset.length / 1024).toFixed(1),
  sourceKb: (source.length / 1024).toFixed(1),
});
