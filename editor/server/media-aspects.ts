import type { Block } from "../../contract/generated/schema-types.ts";
import type { ImageSlot } from "../../contract/media.ts";
import { SCHEMA_BASE, type Validators } from "../../contract/schemas.server.ts";
import type { BlockFolder } from "../../toolchain/block-folders.ts";
import { labelOf } from "../../toolchain/field-labels.ts";
import type { MediaAspect } from "../protocol.ts";

type Ajv = Validators["ajv"];
type SlotOf = ImageSlot | ((block: Block) => ImageSlot);

/** Shapes closer than this are one: 3:2 declared by two blocks is one shape to preview, whatever its rounding. */
const SAME_SHAPE = 1e-6;
/** The largest whole number a shape's label is written with ("21:9"); a shape that needs more is written as a decimal. */
const LARGEST_TERM = 32;

/** A shape (width ÷ height) in the smallest whole numbers that give it: "3:2", "4:5"; else "2.35:1". */
export function aspectLabel(ratio: number): string {
  for (let height = 1; height <= LARGEST_TERM; height++) {
    const width = Math.round(ratio * height);
    if (width > 0 && width <= LARGEST_TERM && Math.abs(width / height - ratio) < SAME_SHAPE)
      return `${width}:${height}`;
  }
  return `${Number(ratio.toFixed(2))}:1`;
}

/** A block type's examples as pages give them to the manifest: each with its schema's defaults filled in. */
function examplesOf({ type, schema }: BlockFolder, ajv: Ajv): Block[] {
  const validate = ajv.getSchema(`${SCHEMA_BASE}blocks/${type}/schema.json`);
  const examples = structuredClone((schema.examples as unknown[] | undefined) ?? []);
  const blocks = examples.length ? examples : [{ type }];
  // Validation fills in the defaults (useDefaults); an example is valid, and its answer is not what is wanted here.
  for (const block of blocks) validate?.(block);
  return blocks as Block[];
}

/** The fields of a block type that take one of a few values (a picture's placement), with those values. */
const choiceFields = (schema: Record<string, unknown>) =>
  Object.entries((schema.properties ?? {}) as Record<string, { enum?: unknown[] }>).flatMap(([name, field]) =>
    Array.isArray(field.enum) ? [{ name, values: field.enum }] : [],
  );

/** The shapes a slot cuts to at `place`: its own, and its narrow screens' ("Hero (…) on phones"), where it has them. */
const shapesOf = (slot: ImageSlot, place: string): { ratio: number; place: string }[] => [
  ...(slot.aspect ? [{ ratio: slot.aspect, place }] : []),
  ...(slot.narrow ? [{ ratio: slot.narrow.aspect, place: `${place} on phones` }] : []),
];

/**
 * The shapes one block type cuts pictures to, each with the place as the editor names it: the block's label, and for
 * a slot that a field of the block chooses (a picture beside the text or behind it), the field's value that gives the
 * shape ("Hero (image placement: behind)"); a slot's shape for narrow screens adds "on phones". A slot that is a
 * function of the block is tried with each value of each such field, or else with the type's examples.
 */
function placesOf(folder: BlockFolder, ajv: Ajv): { ratio: number; place: string }[] {
  const { manifest, schema } = folder;
  const slots = Object.values((manifest.images ?? {}) as Readonly<Record<string, SlotOf>>);
  const examples = examplesOf(folder, ajv);
  const found: { ratio: number; place: string }[] = [];
  for (const slotOf of slots) {
    if (typeof slotOf !== "function") {
      found.push(...shapesOf(slotOf, manifest.label));
      continue;
    }
    const base = examples[0]!;
    const deciding = choiceFields(schema)
      .map(({ name, values }) => ({
        name,
        values,
        slots: values.map((value) => slotOf({ ...base, [name]: value } as Block)),
      }))
      .filter(({ slots: chosen }) => new Set(chosen.map((slot) => slot.aspect)).size > 1);
    for (const { name, values, slots: chosen } of deciding)
      chosen.forEach((slot, index) =>
        found.push(...shapesOf(slot, `${manifest.label} (${labelOf(name).toLowerCase()}: ${String(values[index])})`)),
      );
    if (deciding.length) continue;
    for (const example of examples) found.push(...shapesOf(slotOf(example), manifest.label));
  }
  return found;
}

/**
 * The distinct shapes the site's blocks cut pictures to (their manifests' `images` slots that declare an aspect), each
 * with the places that use it, the widest shape first: what the media library previews a focal point in.
 */
export function mediaAspects(folders: readonly BlockFolder[], ajv: Ajv): MediaAspect[] {
  const shapes: { ratio: number; places: Set<string> }[] = [];
  for (const folder of folders)
    for (const { ratio, place } of placesOf(folder, ajv)) {
      const shape = shapes.find((known) => Math.abs(known.ratio - ratio) < SAME_SHAPE);
      if (shape) shape.places.add(place);
      else shapes.push({ ratio, places: new Set([place]) });
    }
  return shapes
    .sort((a, b) => b.ratio - a.ratio)
    .map(({ ratio, places }) => ({
      ratio,
      label: aspectLabel(ratio),
      places: [...places].sort((a, b) => a.localeCompare(b)),
    }));
}
