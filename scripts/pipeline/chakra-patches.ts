import type { Plugin } from "vite";
import { dependencyChanged } from "../../contract/dependency-patch.server.ts";

/**
 * The build's patches of @chakra-ui/react's dist files, each a function of a file's code that refuses a file lacking
 * what it patches (a Chakra release that moved it), and the Vite plugins that apply them.
 */
const CHAKRA = "@chakra-ui/react";
const PATCHES = "scripts/pipeline/chakra-patches.ts";

/** The top-level calls of Chakra's theme modules that assemble its default theme, by module. */
export const THEME_CALLS: Record<string, string[]> = {
  "dist/esm/theme/index.js": ["const defaultThemeConfig = defineConfig("],
  "dist/esm/preset.js": ["const defaultConfig = mergeConfigs(", "const defaultSystem = createSystem("],
};

/** The line of Chakra's styled-system that computes the global CSS as createSystem starts. */
export const EAGER_GLOBAL_CSS = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";
export const SYSTEM_MODULE = "dist/esm/styled-system/system.js";

const distFileOf = (id: string) => id.match(/@chakra-ui\/react\/(dist\/esm\/[^?]+)/)?.[1];

function missing(file: string, expected: string) {
  return dependencyChanged({ pkg: CHAKRA, output: file, expected: `\`${expected}\``, patch: PATCHES });
}

/** Annotates the theme module's calls `@__PURE__`, so that bundlers may drop their results. */
export function markThemeCallsPure(file: string, code: string): string {
  let patched = code;
  for (const call of THEME_CALLS[file]) {
    if (!patched.includes(call)) throw missing(file, call);
    patched = patched.replace(call, call.replace("= ", "= /* @__PURE__ */ "));
  }
  return patched;
}

/** Leaves the global CSS out of the system that createSystem builds. */
export function dropEagerGlobalCss(code: string): string {
  if (!code.includes(EAGER_GLOBAL_CSS)) throw missing(SYSTEM_MODULE, EAGER_GLOBAL_CSS);
  return code.replace(EAGER_GLOBAL_CSS, "const _global = [];");
}

/**
 * A Vite plugin applying `patch` to Chakra's dist `files` in the build, only the browser's if `clientOnly`. The
 * browser build must have patched every one of them: a Chakra release that renamed a file fails the build here.
 */
function chakraDistPatch(
  name: string,
  files: readonly string[],
  patch: (file: string, code: string) => string,
  { clientOnly = false } = {},
): Plugin {
  const patched = new Set<string>();
  return {
    name,
    apply: "build",
    enforce: "pre",
    buildStart() {
      patched.clear();
    },
    transform(code, id) {
      const file = distFileOf(id);
      if (!file || !files.includes(file) || (clientOnly && this.environment.config.consumer !== "client"))
        return undefined;
      patched.add(file);
      return { code: patch(file, code), map: null };
    },
    buildEnd(error) {
      if (error || this.environment.config.consumer !== "client") return;
      const unseen = files.find((file) => !patched.has(file));
      if (unseen) throw missing("the modules of the browser build", unseen);
    },
  };
}

/**
 * Chakra's theme module assembles its full default theme (every recipe) in top-level calls that bundlers must keep,
 * because nothing marks them free of side effects. Marking them pure lets the build drop the recipes the site's theme
 * does not pick (kit/theme.ts), which is most of them.
 */
export const chakraTreeShaking = () =>
  chakraDistPatch("chakra-tree-shaking", Object.keys(THEME_CALLS), markThemeCallsPure);

/**
 * Chakra's createSystem computes the theme's global CSS (the reset, the global styles and every token as a CSS
 * variable) as it starts, which is about half of its work. In the browser that CSS is never used: every page carries
 * it prerendered in <head>, and the islands give ChakraProvider no global styles (islands/hydrate.tsx). The browser
 * build therefore leaves it out, which shortens the longest task of hydration; the prerendering build keeps it.
 */
export const chakraClientSystem = () =>
  chakraDistPatch("chakra-client-system", [SYSTEM_MODULE], (_file, code) => dropEagerGlobalCss(code), {
    clientOnly: true,
  });
