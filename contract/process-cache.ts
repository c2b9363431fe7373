import { createHash } from "node:crypto";

/**
 * The build loads its Vite config once per environment, and each load brings its own copy of every module the config
 * imports: a value kept in a module is computed again by each copy. These values are kept on globalThis instead, one
 * per name, with what they were computed from.
 */
const values = ((globalThis as { [key: symbol]: unknown })[Symbol.for("voxa-site.process-cache")] ??= new Map()) as Map<
  string,
  { inputs: string; value: unknown }
>;

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
