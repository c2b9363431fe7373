import { createHash } from "node:crypto";

/** A value and the digest of what it was computed from. */
export interface KeptValue {
  inputs: string;
  value: unknown;
}

/** Where the values are kept, one per name. */
const PROCESS_CACHE = Symbol.for("voxa-site.process-cache");

/**
 * The build loads its Vite config once per environment, and each load brings its own copy of every module the config
 * imports: a value kept in a module is computed again by each copy. These values are kept on globalThis instead, one
 * per name, with what they were computed from.
 */
const values = ((globalThis as { [key: symbol]: unknown })[PROCESS_CACHE] ??= new Map()) as Map<string, KeptValue>;

/**
 * The value named `name`, computed once in the process for these `inputs` (the text of everything it is computed
 * from) and again when they change.
 */
export function computedOnce<T>(name: string, inputs: string, compute: () => T): T {
  const digest = createHash("sha256").update(inputs).digest("base64");
  const kept = values.get(name);
  if (kept?.inputs === digest) return kept.value as T;
  const value = compute();
  values.set(name, { inputs: digest, value });
  return value;
}

/**
 * The value named `name` as this process keeps it, with the digest of its inputs, for another process that reads the
 * same files and will ask for it (the prerenderer's, which fill their cache with it): JSON, so only for plain data.
 */
export const keptValue = (name: string): KeptValue | undefined => values.get(name);

/** Where a process started by another finds the values it was handed (prerender-worker.ts fills it). */
const HANDED = Symbol.for("voxa-site.process-handed");

/**
 * The value named `name` that the process which started this one handed it, if any: one that holds for this process's
 * whole life, whatever the files it was computed from say now. The prerenderer's processes are handed the content that
 * the build loaded, validated and records, and render that: reading every file again to see that it still holds took
 * each process a third of a second, and a file saved meanwhile would have rendered content that no validation saw.
 */
export const handedValue = <T>(name: string): T | undefined =>
  ((globalThis as { [HANDED]?: Map<string, KeptValue> })[HANDED]?.get(name)?.value as T | undefined) ?? undefined;
