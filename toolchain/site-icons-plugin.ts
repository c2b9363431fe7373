import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import type { IconName } from "../contract/generated/schema-types.ts";
import { lucideExports } from "../contract/icon-catalog.ts";

/*
 * A module apart from the other plugins (vite-plugins.ts, which import the validator and the content's modules), with
 * no import of the content: Vitest's configuration and the editor's bundle import it. Vitest hashes the text of every
 * module its configuration imports into the key of each module it keeps, so those 90 modules made each key's text half
 * a megabyte (1.7 s of hashing in a unit run), and a change to any of them made every kept module stale.
 */

const VIRTUAL_ICONS = "virtual:site-icons";
/** The repository root (not paths.ts's, which comes with the content's modules). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let lucideFiles: Map<string, string> | undefined;

/** Each export of lucide-react's index (`ArrowLeft`, `ArrowLeftIcon`, `LucideArrowLeft`) and its icon's file name. */
function lucideIconFiles(): Map<string, string> {
  if (lucideFiles) return lucideFiles;
  const index = fs.readFileSync(path.join(ROOT, "node_modules/lucide-react/dist/esm/lucide-react.mjs"), "utf8");
  lucideFiles = new Map();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g))
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) lucideFiles.set(name!, file!);
  return lucideFiles;
}

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])lucide-react\2;?/g;

/**
 * Imports of icons from lucide-react's index, written as imports of each icon's own module. The index re-exports all
 * of its 1,700 icons: importing from it makes the bundler read every one of them before it can drop the unused ones,
 * about half of all the modules of a build. What is not an icon (a type, a helper) stays imported from the index.
 */
export function importIconsByPath(code: string): string {
  const files = lucideIconFiles();
  return code.replace(LUCIDE_IMPORT, (statement, list: string) => {
    const kept: string[] = [];
    const own: string[] = [];
    for (const specifier of list
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [name, local = name] = specifier.split(/\s+as\s+/) as [string, string?];
      const file = files.get(name);
      if (file) own.push(`import ${local} from "lucide-react/icons/${file}";`);
      else kept.push(specifier);
    }
    if (own.length === 0) return statement;
    // On one line, as the statement was: the lines of the module keep their numbers for its source map.
    return [...own, ...(kept.length ? [`import { ${kept.join(", ")} } from "lucide-react";`] : [])].join(" ");
  });
}

/**
 * `virtual:site-icons` exports only the icons `used` names (site-config/'s and the code's), so the bundle carries no unused icon.
 * The dev server and tests get every icon, so that the block catalogue and schema examples render. In a build, every
 * module's imports of icons are written as imports of each icon's module (`importIconsByPath`).
 */
export function siteIcons(options: { all: true } | { used: () => Iterable<IconName> }): Plugin {
  // Every icon, or only the ones `used` names (undefined once every icon is wanted).
  let used = "used" in options ? options.used : undefined;
  let build = false;
  return {
    name: "site-icons",
    configResolved(config) {
      if (config.command === "serve" && !config.isProduction) used = undefined;
      build = config.command === "build";
    },
    resolveId: (id) => (id === VIRTUAL_ICONS ? `\0${VIRTUAL_ICONS}` : undefined),
    load(id) {
      if (id !== `\0${VIRTUAL_ICONS}`) return undefined;
      const names = used ? [...used()].sort() : (Object.keys(lucideExports) as IconName[]);
      const imports = names.map((name) => lucideExports[name]);
      const code = [
        `import { ${[...new Set(imports)].join(", ")} } from "lucide-react";`,
        `export const icons = { ${names.map((name) => `${JSON.stringify(name)}: ${lucideExports[name]}`).join(", ")} };`,
      ].join("\n");
      return build ? importIconsByPath(code) : code;
    },
    transform(code, id) {
      if (!build || id.includes("/node_modules/") || !code.includes("lucide-react")) return undefined;
      return { code: importIconsByPath(code), map: null };
    },
  };
}
