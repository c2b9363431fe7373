import { SCHEMA_BASE, type Validators, projectValidators } from "../../contract/schemas.server.ts";

let shared: Validators | undefined;

/**
 * A copy of an authored value (as written in a file, or in a test) with its schema's defaults filled in, as the app
 * loads it. `schema` is a file such as "schemas/block.schema.json". Throws on an invalid value.
 */
export function withDefaults<Loaded>(schema: string, authored: unknown): Loaded {
  shared ??= projectValidators();
  const validate = shared.ajv.getSchema(SCHEMA_BASE + schema);
  if (!validate) throw new Error(`no schema ${schema}`);
  const value = structuredClone(authored);
  if (!validate(value)) throw new Error(`invalid value for ${schema}: ${shared.ajv.errorsText(validate.errors)}`);
  return value as Loaded;
}
