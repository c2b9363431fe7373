import type { Path } from "../paths.ts";

type Doc = Record<string, unknown>;

const isRecord = (value: unknown): value is Doc => typeof value === "object" && value !== null && !Array.isArray(value);

/** Follows a field's path down a value: undefined where it has no such field. */
function at(value: unknown, path: readonly (string | number)[]): unknown {
  let here = value;
  for (const step of path) {
    if (typeof step === "number" ? !Array.isArray(here) : !isRecord(here)) return undefined;
    here = (here as Record<string | number, unknown>)[step];
  }
  return here;
}

/**
 * The source's text for a field of its translation: a block's field is read from the source's block with the same id,
 * else from the block at the same place when it is of the same type (a translation may reorder or add blocks); a page
 * field from the same field. Undefined where the source has no text there.
 */
export function sourceTextAt(translation: Doc, source: Doc, path: Path): string | undefined {
  // An anchor or an address is the translation's own, not words to translate.
  if (["id", "path", "translationOf"].includes(String(path.at(-1)))) return undefined;
  let found: unknown;
  if (path[0] === "blocks" && typeof path[1] === "number") {
    const block = at(translation, ["blocks", path[1]]);
    const blocks = Array.isArray(source.blocks) ? (source.blocks as unknown[]) : [];
    const id = isRecord(block) ? block.id : undefined;
    const byId = typeof id === "string" ? blocks.find((other) => isRecord(other) && other.id === id) : undefined;
    const byPlace = blocks[path[1]];
    const match = byId ?? (isRecord(byPlace) && isRecord(block) && byPlace.type === block.type ? byPlace : undefined);
    found = at(match, path.slice(2));
  } else found = at(source, path);
  return typeof found === "string" && found.trim() ? found : undefined;
}
