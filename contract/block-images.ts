import type { BlockManifest, BlockType } from "./blocks.ts";
import type { Block } from "./generated/schema-types.ts";
import { type ImageSlot, type PlacedImage, placedImages } from "./media.ts";

type Manifests = { readonly [T in BlockType]: BlockManifest<T> };

/** The pictures a block shows, where its manifest says it places them (`images` in block.ts), with their slots. */
export function blockImages(manifests: Manifests, block: Block): PlacedImage[] {
  // Each manifest's slots are typed by its own block; looked up by the block's type, they take that block.
  const declared = manifests[block.type].images as
    Readonly<Record<string, ImageSlot | ((block: Block) => ImageSlot)>> | undefined;
  return placedImages(block, declared);
}
