import type { AnyBlockComponent, BlockType } from "../contract/blocks.ts";
import { components } from "./generated/block-components.ts";

/**
 * Block type → its component's module, generated from the block folders (`npm run gen`) and typed by the generated
 * union of block schemas: a schema without a component, or a component without a schema, fails the type-check.
 */
export { components as registry };

/** Loads the component of a block type, from its own chunk. */
export async function loadBlock(type: BlockType): Promise<AnyBlockComponent> {
  const load = components[type] as (() => Promise<{ default: AnyBlockComponent }>) | undefined;
  // Validation refuses unknown types before a build, so reaching this is a bug, not a content error.
  if (!load) throw new Error(`No component is registered for block type '${type}'`);
  return (await load()).default;
}
