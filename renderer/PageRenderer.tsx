import { type ComponentType, Suspense, lazy } from "react";
import type { Block } from "./generated/schema-types.ts";
import { type BlockType, registry } from "./registry.ts";

type AnyBlockComponent = ComponentType<{ block: Block }>;

const loaded = new Map<BlockType, AnyBlockComponent>();
const lazies = new Map<BlockType, AnyBlockComponent>();

function moduleOf(type: BlockType) {
  const load = registry[type] as (() => Promise<{ default: AnyBlockComponent }>) | undefined;
  // Validation refuses unknown types before a build, so reaching this is a bug, not a content error.
  if (!load) throw new Error(`No component is registered for block type '${type}'`);
  return load;
}

/** Loads the components of these block types, so that a client-side navigation renders at once, with no fallback. */
export async function preloadBlocks(types: Iterable<BlockType>) {
  await Promise.all(
    [...new Set(types)].filter((type) => !loaded.has(type)).map(async (type) => loaded.set(type, (await moduleOf(type)()).default)),
  );
}

function componentFor(type: BlockType): AnyBlockComponent {
  const ready = loaded.get(type);
  if (ready) return ready;
  let component = lazies.get(type);
  if (!component) {
    component = lazy(moduleOf(type));
    lazies.set(type, component);
  }
  return component;
}

/** Renders a page's blocks in order through the registry. */
export function PageRenderer({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => {
    const Component = componentFor(block.type);
    return (
      // While a block's code loads during hydration, React keeps its prerendered HTML on screen.
      <Suspense key={`${block.type}-${index}`} fallback={null}>
        <Component block={block} />
      </Suspense>
    );
  });
}
