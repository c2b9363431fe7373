import { digest as digestOf } from "../contract/digest.ts";
import { writeAtomically } from "./cache-files.ts";
import fs from "node:fs";
import path from "node:path";
import { type ImageFacts, inspectImage } from "./inspect.ts";

/** A picture checked for a build: its content's digest and what it is. */
export interface CheckedImage {
  digest: string;
  facts: ImageFacts;
}

/**
 * The facts of a picture that passed inspectImage, kept in `cacheDir` by its content and its name's extension (what
 * the check reads): a build that meets a picture it met before reads the file and nothing more, where the check
 * decodes it (a tenth of a second for a camera's JPEG). A picture that fails throws its refusal, and nothing is kept.
 */
export async function checkedImage(bytes: Buffer, name: string, cacheDir: string): Promise<CheckedImage> {
  const digest = digestOf(bytes);
  const extension = path.extname(name).toLowerCase().slice(1) || "none";
  const kept = path.join(cacheDir, "facts", `${digest}.${extension}.json`);
  try {
    return { digest, facts: JSON.parse(await fs.promises.readFile(kept, "utf8")) as ImageFacts };
  } catch {
    const inspection = await inspectImage(bytes, name);
    if (!inspection.ok) throw inspection.error;
    writeAtomically(kept, JSON.stringify(inspection.facts));
    return { digest, facts: inspection.facts };
  }
}
