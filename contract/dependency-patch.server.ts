import { createRequire } from "node:module";
import { buildErrors, catalogueError } from "./errors.ts";

/** The version of an installed package, as its package.json gives it. */
export function installedVersion(pkg: string): string {
  const load = createRequire(import.meta.url);
  return (load(`${pkg}/package.json`) as { version: string }).version;
}

/**
 * The error of a patch of a dependency's output that no longer matches that output: it names the package and its
 * installed version, the output, what the patch expected in it and the patch's module.
 */
export const dependencyChanged = (change: { pkg: string; output: string; expected: string; patch: string }) =>
  catalogueError(buildErrors.dependencyChanged, { ...change, version: installedVersion(change.pkg) });
