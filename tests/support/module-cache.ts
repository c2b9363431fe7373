import path from "node:path";
import type { Plugin } from "vite";
import type {} from "vitest/config";

/**
 * Vitest's kept modules (`experimental.fsModuleCache`) for the project's own files only: a module of a test's
 * temporary copy of the project is named by a path no later run meets again, and keeping it would only grow the folder.
 */
export function keepProjectModules(root: string): Plugin {
  const inside = `${path.resolve(root)}${path.sep}`;
  return {
    name: "keep-project-modules",
    // Which modules are kept does not change what a module becomes: the kept ones stay valid with or without it.
    api: { vitest: { experimental: { ignoreFsModuleCache: true } } },
    configureVitest({ experimental_defineCacheKeyGenerator }) {
      experimental_defineCacheKeyGenerator(({ id }) => (id.startsWith(inside) ? undefined : false));
    },
  };
}
