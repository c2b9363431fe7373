import { importGraph, projectSources } from "../lint/import-graph.ts";

/**
 * Which of the project's files the site's build reads. `npm start` and the browser tier rebuild when one of them is
 * newer than the build (build-fresh.ts); a content review counts the routes that a change to one of them can alter
 * (affected.ts). A file that nothing here rules out counts as read: a build too many, never a stale one.
 */
const NOT_READ = [
  // What the site and its checks write as they run: the build, the leads (data/), reports and reviews, logs.
  /^(build|data|reports|review|coverage)\//,
  /\.log$/,
  /^docs\//,
  /^tests\//,
  /^editor\//,
  /^server\//,
  /^platform\//,
  /^deploy\//,
  /^\.github\//,
  /^\.ci\//,
  /^\.vscode\//,
  /\.md$/,
  /\.test\.tsx?$/,
  /^(Dockerfile|compose\.yaml|eslint\.config\.js|\.prettierrc\.json|\.prettierignore|\.gitignore)$/,
  /^vitest(\.[a-z0-9]+)?\.config\.ts$/,
];

/**
 * The commands `npm run build` runs (`npm run gen`, which starts generate.ts; scripts/build.ts, which validates and
 * builds incrementally or starts React Router's build), with the configs they load. Of `scripts/` and `toolchain/`,
 * the build reads these and what they import, and nothing else.
 */
const BUILD_COMMANDS = [
  "scripts/gen.ts",
  "scripts/generate.ts",
  "scripts/build.ts",
  "vite.config.ts",
  "react-router.config.ts",
];

/** The tools' folders: the commands and the content toolchain, of which the build runs some modules only. */
const TOOLS = ["scripts/", "toolchain/"];
const isTool = (file: string) => TOOLS.some((folder) => file.startsWith(folder));

/** The modules of the tools' folders that the build runs, found from its commands and its code through their imports. */
function buildScripts(root: string): Set<string> {
  const graph = importGraph(projectSources(root));
  const reached = new Set<string>();
  const reach = (module: string) => {
    if (reached.has(module) || !graph.has(module)) return;
    reached.add(module);
    for (const imported of graph.get(module)!) reach(imported);
  };
  for (const module of graph.keys())
    if (BUILD_COMMANDS.includes(module) || (!isTool(module) && !NOT_READ.some((p) => p.test(module)))) reach(module);
  return new Set([...reached].filter(isTool));
}

/** Whether the folder `folder` (relative to the project, with `/`) can hold a file that the build reads. */
export const mayHoldBuildInputs = (folder: string): boolean => !NOT_READ.some((pattern) => pattern.test(`${folder}/`));

/**
 * Whether the build of the project in `root` reads `file` (a path relative to it, with `/`). The project's modules are
 * read once per call of this function; the predicate it returns answers for any number of files.
 */
export function buildInputs(root: string): (file: string) => boolean {
  let scripts: Set<string> | undefined;
  return (file) => {
    if (NOT_READ.some((pattern) => pattern.test(file))) return false;
    if (!isTool(file)) return true;
    scripts ??= buildScripts(root);
    return scripts.has(file);
  };
}
