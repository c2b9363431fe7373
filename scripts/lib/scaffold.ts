import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { listPageFiles } from "../../contract/content.server.ts";
import { catalogueError, scaffoldErrors } from "../../contract/errors.ts";
import { ROOT } from "./paths.ts";

export const TEMPLATES_DIR = path.join(ROOT, "scripts", "templates");

/** Where each template's pages live under site-config/pages/. */
const FOLDERS: Record<string, string> = { industry: "industries" };

export const templateNames = () =>
  fs
    .readdirSync(TEMPLATES_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort();

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface ScaffoldRequest {
  template: string;
  slug: string;
  name: string;
  configDir: string;
}

export interface ScaffoldResult {
  file: string;
  pagePath: string;
}

function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") return value.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? "");
  if (Array.isArray(value)) return value.map((item) => fill(item, vars));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}

/** Writes a new page document from a template, refusing a slug, file or path that is taken. */
export async function scaffoldPage({ template, slug, name, configDir }: ScaffoldRequest): Promise<ScaffoldResult> {
  const templates = templateNames();
  if (!templates.includes(template)) throw catalogueError(scaffoldErrors.unknownTemplate, { template, templates });
  if (!SLUG_PATTERN.test(slug)) throw catalogueError(scaffoldErrors.badSlug, { slug });
  const trimmed = name.trim();
  if (trimmed.length < 3 || trimmed.length > 40) throw catalogueError(scaffoldErrors.badName);

  const pagesDir = path.join(configDir, "pages");
  const folder = FOLDERS[template];
  const file = path.join(pagesDir, ...(folder ? [folder] : []), `${slug}.json`);
  const shown = path.relative(process.cwd(), file);
  if (fs.existsSync(file)) throw catalogueError(scaffoldErrors.fileExists, { file: shown });

  const document = fill(JSON.parse(fs.readFileSync(path.join(TEMPLATES_DIR, `${template}.json`), "utf8")), {
    slug,
    name: trimmed,
  }) as {
    $schema: string;
    path: string;
  };
  for (const other of listPageFiles(pagesDir)) {
    const otherPath = (JSON.parse(fs.readFileSync(other, "utf8")) as { path?: unknown }).path;
    if (otherPath === document.path)
      throw catalogueError(scaffoldErrors.pathUsed, { path: document.path, file: path.relative(process.cwd(), other) });
  }
  // The same relative path the validator expects, so editors find the schema from wherever the file sits.
  const schema = path.join(path.dirname(configDir), "schemas", "page.schema.json");
  document.$schema = path.relative(path.dirname(file), schema).split(path.sep).join("/");

  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written as Prettier would format it, so a new page passes `npm run lint` untouched.
  const text = await prettier.format(JSON.stringify(document), {
    ...(await prettier.resolveConfig(path.join(ROOT, "package.json"))),
    filepath: file,
  });
  fs.writeFileSync(file, text, { flag: "wx" });
  return { file, pagePath: document.path };
}
