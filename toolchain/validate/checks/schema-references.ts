import path from "node:path";
import { configErrors } from "../../../contract/errors.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";
import { schemaFiles } from "../source-file.ts";

/** A file that names its schema (`$schema`, which editors read) names the one it is validated against, from where it is. */
export const schemaReferences: Check = ({ sources, projectDir, relative }) => {
  const { problems, report } = findings(relative);
  for (const source of sources) {
    const expected = path
      .relative(path.dirname(source.file), path.join(projectDir, "schemas", schemaFiles[source.kind]))
      .split(path.sep)
      .join("/");
    const actual = (source.value as { $schema?: unknown } | null)?.$schema;
    if (typeof actual === "string" && actual !== expected)
      report(source, "/$schema", configErrors.schemaMismatch, { path: expected });
  }
  return problems;
};
