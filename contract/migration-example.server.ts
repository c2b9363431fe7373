import { schemaOfVersion } from "./block-history.server.ts";
import { satisfies } from "./block-versions.server.ts";
import { catalogueError, migrationErrors } from "./errors.ts";
import { SCHEMA_BASE, projectValidators } from "./schemas.server.ts";

/**
 * What a migration's test expects `up(before)` to return: `after`, once checked. The scaffolded test fails with a
 * catalogue message until `after` is written, and whenever the example could not prove the migration: `before` must
 * be a block of the version the migration reads and not of the one it produces (else older content cannot be told
 * apart), and `after` a block of the version it produces.
 */
export function expectedMigration(module: string, before: unknown, after: unknown): unknown {
  const validators = projectValidators();
  const type = /^blocks\/([^/]+)\/migrations\//.exec(module)?.[1] ?? "";
  const history = validators.histories.get(type);
  const step = history?.steps.find((s) => s.module === module);
  if (!history || !step) throw new Error(`${module} is not a migration of the project`);
  const problemsOf = (schema: string, value: unknown) => {
    const validate = validators.ajv.getSchema(SCHEMA_BASE + schema)!;
    validate(structuredClone(value));
    return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`);
  };
  const produced = schemaOfVersion(history, step.version);
  const beforeProblems = problemsOf(step.beforeSchema, before);
  if (beforeProblems.length)
    throw catalogueError(migrationErrors.exampleInvalid, {
      file: module,
      which: "before",
      version: step.version - 1,
      problems: beforeProblems,
    });
  if (!history.retired && satisfies(validators, produced, before))
    throw catalogueError(migrationErrors.exampleUndetectable, { file: module, version: step.version });
  if (after === undefined)
    throw catalogueError(migrationErrors.exampleMissing, { file: module, version: step.version });
  const afterProblems = after === null ? [] : problemsOf(produced, after);
  if (afterProblems.length)
    throw catalogueError(migrationErrors.exampleInvalid, {
      file: module,
      which: "after",
      version: step.version,
      problems: afterProblems,
    });
  return after;
}
