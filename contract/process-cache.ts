import { createHash } from "node:crypto";

/** A value and the digest of what it was computed from. */
export interface KeptValue {
  inputs: string;
  value: unknown;
}

/** Where the values are kept: the prerenderer's processes fill it before loading the server build (prerender-worker.ts). */
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
