import type { ComponentType } from "react";
import type { Block, IconName } from "./generated/schema-types.ts";
import type { ImageSlot } from "./media.ts";

export type BlockType = Block["type"];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
/** A block's component: it receives the block as loaded, every schema default filled in. */
export type BlockComponent<T extends BlockType> = ComponentType<{ block: BlockOf<T> }>;
export type AnyBlockComponent = ComponentType<{ block: Block }>;

/**
 * When an island hydrates:
 * - "approach": as it nears the screen, since it moves by itself as soon as it is seen (a counter, a rotation);
 * - "interaction": when the visitor first points at, touches or focuses it, since it only ever answers the visitor
 *   (a form). A click on one of its buttons before then is held and replayed.
 */
export type Hydration = "approach" | "interaction";

/** Where a block type sits in the catalogue and the editor's palette. */
export type BlockCategory = "hero" | "content" | "proof" | "media" | "conversion" | "navigation" | "legal";

/**
 * What a block type says about itself, beside its schema (`schema.json`) and its component (`<PascalCaseType>.tsx`)
 * in its folder. The registry, the page schema's block union, the reference (docs/blocks.md) and the catalogue
 * (/__blocks) are generated from these manifests: nothing else in the tree lists block types.
 */
export interface BlockManifest<T extends BlockType = BlockType> {
  type: T;
  /**
   * The version of the block's shape: 1, then the number of its last migration (`migrations/NNN-<name>.ts`), which
   * `npm run new:migration` bumps. Content stores no version: docs/migrations.md says how it is told.
   */
  version: number;
  /** Name shown in the catalogue, the reference and the editor's palette. */
  label: string;
  /** One line saying what the block is for (offered by editors when choosing a block type). */
  description: string;
  category: BlockCategory;
  icon: IconName;
  /**
   * When a block of this type is hydrated in the browser, or false when it is prerendered HTML and CSS only and ships
   * no JavaScript. Omitted means false.
   */
  hydrate?: Hydration | ((block: BlockOf<T>) => Hydration | false);
  /**
   * Where the block shows pictures (docs/media.md): the path of each image reference within the block, `*` standing
   * for every item of a list ("image", "rows/*\/image"), with the slot it shows in, or a function of the block giving
   * it (a picture beside the text or behind it). The build makes each image's files for its slot from this.
   */
  images?: Readonly<Record<string, ImageSlot | ((block: BlockOf<T>) => ImageSlot)>>;
  /**
   * A module of the folder (e.g. "./rotate-words.ts") whose default export runs once after the first paint of every
   * page, as plain DOM code on the prerendered markup: motion that needs no React. It must do nothing on a page
   * without the block.
   */
  enhance?: string;
  /**
   * A module of the folder (e.g. "./no-script.ts") whose default export is CSS for a page read without JavaScript,
   * which the root layout puts in a <noscript> in <head> of every page (so it must only select the block's markup):
   * what the block's script would reveal or hide, shown or hidden at once.
   */
  noScriptCss?: string;
  /**
   * Whether the block's `heading` is a whole line that says what the page is, so that a page opening with the block
   * shows it as the headline of its preview card (elsewhere the card shows the page title). Omitted means false.
   */
  cardHeadline?: boolean;
}

/** Declares a block type's manifest, checked against the block's generated type. */
export const defineBlock = <T extends BlockType>(manifest: BlockManifest<T>): BlockManifest<T> => manifest;
