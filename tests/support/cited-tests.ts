import fs from "node:fs";
import path from "node:path";

/** A test file named in prose or a comment: a path under one of the folders tests live in, ending in `.test.ts(x)`. */
const CITED_TEST = /\b(?:tests|blocks|editor|renderer|kit|server|scripts)\/[\w./-]*?\.test\.tsx?\b/g;

/** The files that cite tests to a reader: README.md, docs/ and the deployment files under deploy/. */
export function citingFiles(root: string): string[] {
  const under = (folder: string) =>
    fs.existsSync(path.join(root, folder))
      ? fs
          .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
          .map((name) => path.join(folder, name))
          .filter((file) => fs.statSync(path.join(root, file)).isFile())
      : [];
  return ["README.md", ...under("docs").filter((file) => file.endsWith(".md")), ...under("deploy")].sort();
}

/** `file:line path` for each test path that `files` (relative to `root`) cite and that does not exist. */
export function missingCitedTests(root: string, files: string[]): string[] {
  const missing: string[] = [];
  for (const file of files)
    fs.readFileSync(path.join(root, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const [cited] of line.matchAll(CITED_TEST))
          if (!fs.existsSync(path.join(root, cited))) missing.push(`${file}:${i + 1} ${cited}`);
      });
  return missing;
}
