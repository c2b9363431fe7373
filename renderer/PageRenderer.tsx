import { Suspense, lazy } from "react";
import type { Block } from "../contract/generated/schema-types.ts";
import { Island } from "../kit/islands/Island.tsx";
import type { AnyBlockComponent, BlockType } from "../contract/blocks.ts";
import { hydrationOf } from "../contract/hydration.ts";
import { manifests } from "./generated/block-manifests.ts";
import { loadBlock } from "./registry.ts";

const loaded = new Map<BlockType, AnyBlockComponent>();
const lazies = new Map<BlockType, AnyBlockComponent>();

/** Loads the components of these block types, so that the blocks render at once, with no fallback. */
export async function preloadBlocks(types: Iterable<BlockType>) {
  await Promise.all(
    [...new Set(types)]
      .filter((type) => !loaded.has(type))
      .map(async (type) => loaded.set(type, await loadBlock(type))),
  );
}

function componentFor(type: BlockType): AnyBlockComponent {
  const ready = loaded.get(type);
  if (ready) return ready;
  let component = lazies.get(type);
  if (!component) {
    component = lazy(async () => ({ default: await loadBlock(type) }));
    lazies.set(type, component);
  }
  return component;
}

/** Renders a page's blocks in order through the registry; the blocks that move become islands, hydrated in the browser. */
export function PageRenderer({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => {
    const Component = componentFor(block.type);
    const rendered = <Component block={block} />;
    const hydration = hydrationOf(manifests, block);
    return (
      <Suspense key={`${block.type}-${index}`} fallback={null}>
        {hydration ? (
          <Island name={block.type} islandKey={`block-${index}`} block={block} hydration={hydration}>
            {rendered}
          </Island>
        ) : (
          rendered
        )}
      </Suspense>
    );
  });
}
