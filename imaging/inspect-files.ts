import fs from "node:fs";
import { inspectImage } from "./inspect.ts";

/**
 * Inspects image files in a process of its own, for a caller that cannot wait on a promise (validation is
 * synchronous: the build's plugins and the editor's live checks call it): `[file, name]` pairs as JSON in its argument,
 * each file's refusal (or null) as JSON on its standard output, in order.
 */
const pairs = JSON.parse(process.argv[2] ?? "[]") as [file: string, name: string][];
const results = [];
for (const [file, name] of pairs) {
  const inspection = await inspectImage(fs.readFileSync(file), name);
  results.push(inspection.ok ? null : { code: inspection.error.code, message: inspection.error.message });
}
process.stdout.write(JSON.stringify(results));
