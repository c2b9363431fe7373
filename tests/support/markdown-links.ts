import fs from "node:fs";
import path from "node:path";

/**
 * The relative links of Markdown files, checked as GitHub reads them: a link names a file of the repository, and an
 * `#anchor` into a Markdown file names one of its headings, slugged by GitHub's rules.
 */

const FENCE = /^\s*(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)[^`]*?\1/g;
const INLINE_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^\s)>]*)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The lines of a Markdown text outside fenced code blocks, with their line numbers. */
function proseLines(markdown: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence = "";
  markdown.split("\n").forEach((text, index) => {
    const opening = FENCE.exec(text)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = "";
      return;
    }
    if (opening) fence = opening;
    else out.push({ line: index + 1, text });
  });
  return out;
}

/** A heading's anchor as GitHub makes it: the rendered text in lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`/g, "")
    .replace(/\*\*|\*/g, "");
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor the headings of a Markdown text make; a repeated heading gets `-1`, `-2`… as on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The link targets of a Markdown text (inline links, images and reference definitions), outside code. */
export function linkTargets(markdown: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  for (const { line, text } of proseLines(markdown)) {
    const prose = text.replace(CODE_SPAN, "");
    for (const match of prose.matchAll(INLINE_LINK)) out.push({ line, target: match[1] });
    const definition = REFERENCE_DEFINITION.exec(prose)?.[1];
    if (definition) out.push({ line, target: definition });
  }
  return out;
}

/**
 * The dead relative links of the given Markdown files (paths relative to `root`), one line each:
 * `file:line  link 'target' …`. Links to other sites (`https:`, `mailto:`…) are not followed.
 */
export function deadLinks(root: string, files: string[]): string[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(fs.readFileSync(file, "utf8")));
    return anchorsOf.get(file) ?? new Set<string>();
  };
  const problems: string[] = [];
  for (const file of files) {
    const source = path.join(root, file);
    for (const { line, target } of linkTargets(fs.readFileSync(source, "utf8"))) {
      if (SCHEME.test(target) || target.startsWith("//")) continue;
      const hash = target.indexOf("#");
      const filePart = decodeURI(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? "" : decodeURIComponent(target.slice(hash + 1));
      const where = `${file}:${line}  link '${target}'`;
      const resolved = filePart
        ? filePart.startsWith("/")
          ? path.join(root, filePart)
          : path.resolve(path.dirname(source), filePart)
        : source;
      if (!fs.existsSync(resolved)) {
        problems.push(`${where} points to no file (${path.relative(root, resolved)})`);
        continue;
      }
      if (anchor && resolved.endsWith(".md") && !anchors(resolved).has(anchor))
        problems.push(`${where} points to no heading '#${anchor}' in ${path.relative(root, resolved)}`);
    }
  }
  return problems;
}

/** README.md and every Markdown file under docs/, relative to `root`. */
export function documentationFiles(root: string): string[] {
  const docs = fs
    .readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name));
  return ["README.md", ...docs.sort()];
}
