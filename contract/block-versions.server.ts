import type { MigrationStep } from "./block-history.server.ts";
import { SCHEMA_BASE, type Validators } from "./schemas.server.ts";

/** A block whose shape is an older version of its type's, and the migrations that bring it to the latest. */
export interface OlderBlock {
  type: string;
  version: number;
  latest: number;
  pending: MigrationStep[];
}

/** Whether `value` satisfies the schema registered under `name`, on a copy: validation fills defaults in. */
export function satisfies(validators: Validators, name: string, value: unknown): boolean {
  const validate = validators.ajv.getSchema(SCHEMA_BASE + name);
  return Boolean(validate?.(structuredClone(value)));
}

/**
 * The version a block is at, told by its shape, when that is not its type's latest. A block that the type's schema
 * accepts is at the latest version, whatever older schema it would also satisfy: a migration exists because older
 * content fails the new schema, and a block that passes needs nothing. Otherwise it is at the newest kept version
 * whose schema accepts it. A block that no version accepts is simply invalid (undefined: the schema's errors say why).
 * Pass the block as the file holds it, before validation fills in defaults of the new shape.
 */
export function olderBlock(validators: Validators, block: unknown): OlderBlock | undefined {
  if (!block || typeof block !== "object" || Array.isArray(block)) return undefined;
  const type = (block as { type?: unknown }).type;
  const history = typeof type === "string" ? validators.histories.get(type) : undefined;
  if (!history || history.steps.length === 0) return undefined;
  if (!history.retired && satisfies(validators, `blocks/${history.type}/schema.json`, block)) return undefined;
  for (const step of [...history.steps].reverse())
    if (satisfies(validators, step.beforeSchema, block))
      return {
        type: history.type,
        version: step.version - 1,
        latest: history.version,
        pending: history.steps.filter((later) => later.version >= step.version),
      };
  return undefined;
}
