/**
 * Shared sections (docs/sections.md): a file of blocks under site-config/sections/ that pages place by reference,
 * `{ "type": "section", "section": "<id>", "overrides": { … } }`. Pure code: where content is loaded every reference is
 * replaced by the section's blocks, once, so the renderer only ever meets blocks; validation, the usage list, the
 * rename and the review read the same graph.
 */

/** The folder of site-config/ that holds the sections, one file each, named by the section's id. */
export const SECTIONS_FOLDER = "sections";

/** What a page's (or a section's) block list holds in place of a section's blocks. */
export interface SectionRef {
  type: "section";
  section: string;
  overrides?: Record<string, unknown>;
}

/** A section file's document, as far as expansion reads it (the schema says the rest). */
export interface SectionDoc {
  name?: unknown;
  overridable?: Record<string, unknown>;
  blocks?: unknown;
}

export const isSectionRef = (block: unknown): block is SectionRef =>
  Boolean(block) &&
  typeof block === "object" &&
  (block as { type?: unknown }).type === "section" &&
  typeof (block as { section?: unknown }).section === "string";

/** The overrides a reference sets, by name (none when the file holds something else: validation says what). */
export const overridesOf = (ref: SectionRef): [string, unknown][] =>
  ref.overrides && typeof ref.overrides === "object" && !Array.isArray(ref.overrides)
    ? Object.entries(ref.overrides)
    : [];

/** A section's id from its file's path: the file's name without `.json`. */
export const sectionIdOf = (file: string): string => (file.split(/[\\/]/).pop() ?? "").replace(/\.json$/, "");

/** The file that holds a list: the page being expanded (undefined) or a section, by id. */
export type Holder = string | undefined;

/** Where a block of an expanded list was written. */
export interface Origin {
  /** The section whose file holds the block, or undefined for the page's own block. */
  holder: Holder;
  /** Its index in that file's `blocks`. */
  index: number;
  /** The index, in the page's own list, of the reference that placed it (undefined for the page's own block). */
  placedAt?: number;
  /** The sections crossed from the page to the block, outermost first. */
  sections: string[];
}

/** A reference that expansion could not follow or an override it could not apply, where it is written. */
export type ExpandProblem =
  | { kind: "unknown"; holder: Holder; pointer: string; section: string }
  | { kind: "cycle"; holder: Holder; pointer: string; chain: string[] }
  | { kind: "undeclared"; holder: Holder; pointer: string; section: string; name: string; declared: string[] };

export interface Expanded {
  /** The blocks as if written in the list: copies, with overrides applied. */
  blocks: unknown[];
  /** Where each block of `blocks` was written. */
  origins: Origin[];
  problems: ExpandProblem[];
}

const unescape = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/**
 * Where a section's overridable field is: the index of its block and the path inside that block. Undefined when the
 * pointer does not name a field of one of the section's own blocks (a placed section's fields are overridden where that
 * section declares them, not through another).
 */
export function overridableTarget(
  section: SectionDoc,
  pointer: unknown,
): { index: number; path: string[] } | undefined {
  if (typeof pointer !== "string") return undefined;
  const match = /^\/blocks\/(\d+)((?:\/[^/]+)+)$/.exec(pointer);
  if (!match || !Array.isArray(section.blocks)) return undefined;
  const index = Number(match[1]);
  const block = section.blocks[index] as unknown;
  if (!block || typeof block !== "object" || isSectionRef(block)) return undefined;
  const path = match[2]!.slice(1).split("/").map(unescape);
  let at: unknown = block;
  for (const key of path) {
    if (!at || typeof at !== "object" || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return { index, path };
}

/** Sets `value` at `path` inside `target`, which holds every step of it (overridableTarget said so). */
export function setAt(target: unknown, path: readonly string[], value: unknown): void {
  let at = target as Record<string, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = value;
}

/**
 * A block list with every section reference replaced by the section's blocks, recursively, and the overrides each
 * reference sets. `holder` is the file that holds the list (undefined: a page), whose sections count as already
 * entered, so that a section placing itself, directly or through others, is a problem instead of an endless list.
 */
export function expandBlocks(
  blocks: readonly unknown[],
  sections: ReadonlyMap<string, SectionDoc>,
  holder: Holder = undefined,
): Expanded {
  const out: Expanded = { blocks: [], origins: [], problems: [] };
  const walk = (list: readonly unknown[], at: Holder, entered: string[], placedAt: number | undefined) => {
    list.forEach((block, index) => {
      if (!isSectionRef(block)) {
        // A section's blocks are copies already (one per reference), the list's own are as given.
        out.blocks.push(block);
        out.origins.push({ holder: at, index, placedAt, sections: entered.slice(holder === undefined ? 0 : 1) });
        return;
      }
      const pointer = `/blocks/${index}`;
      const id = block.section;
      if (entered.includes(id)) {
        out.problems.push({ kind: "cycle", holder: at, pointer: `${pointer}/section`, chain: [...entered, id] });
        return;
      }
      const section = sections.get(id);
      if (!section || !Array.isArray(section.blocks)) {
        if (!section) out.problems.push({ kind: "unknown", holder: at, pointer: `${pointer}/section`, section: id });
        return;
      }
      const copy = structuredClone(section.blocks) as unknown[];
      const declared = section.overridable && typeof section.overridable === "object" ? section.overridable : {};
      for (const [name, value] of overridesOf(block)) {
        if (!Object.hasOwn(declared, name)) {
          out.problems.push({
            kind: "undeclared",
            holder: at,
            pointer: `${pointer}/overrides/${name}`,
            section: id,
            name,
            declared: Object.keys(declared),
          });
          continue;
        }
        const target = overridableTarget(section, declared[name]);
        if (target) setAt(copy[target.index], target.path, structuredClone(value));
      }
      walk(copy, id, [...entered, id], placedAt ?? index);
    });
  };
  walk(blocks, holder, holder === undefined ? [] : [holder], undefined);
  return out;
}

/** The sections a list places, directly or through other sections, each once. */
export function sectionsPlaced(blocks: unknown, sections: ReadonlyMap<string, SectionDoc>): Set<string> {
  const found = new Set<string>();
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const block of list)
      if (isSectionRef(block) && !found.has(block.section)) {
        found.add(block.section);
        walk(sections.get(block.section)?.blocks);
      }
  };
  walk(blocks);
  return found;
}

/** A page, by its file, that places sections. */
export interface PageUsing {
  file: string;
  path?: string;
}

/**
 * For each section, the pages that place it, directly or through other sections, in the pages' order; sections that
 * no page places are listed with none, and a reference to a missing section is listed under its id.
 */
export function sectionUsage(
  pages: readonly { file: string; document: unknown }[],
  sections: ReadonlyMap<string, SectionDoc>,
): Map<string, PageUsing[]> {
  const usage = new Map<string, PageUsing[]>([...sections.keys()].sort().map((id) => [id, []]));
  for (const { file, document } of pages) {
    const page = (document ?? {}) as { path?: unknown; blocks?: unknown };
    for (const id of sectionsPlaced(page.blocks, sections)) {
      if (!usage.has(id)) usage.set(id, []);
      usage.get(id)!.push({ file, ...(typeof page.path === "string" ? { path: page.path } : {}) });
    }
  }
  return usage;
}

/**
 * A page's blocks with the section placed at `index` detached: replaced by a copy of the section's blocks, with the
 * reference's overrides applied, as that page's own. The section and the other pages are untouched. A section placed
 * inside the detached one stays a reference. Returns the blocks unchanged when `index` places no known section.
 */
export function detachSection(
  blocks: readonly unknown[],
  index: number,
  sections: ReadonlyMap<string, SectionDoc>,
): unknown[] {
  const reference = blocks[index];
  const section = isSectionRef(reference) ? sections.get(reference.section) : undefined;
  if (!isSectionRef(reference) || !section || !Array.isArray(section.blocks)) return [...blocks];
  const copy = structuredClone(section.blocks) as unknown[];
  for (const [name, value] of overridesOf(reference)) {
    const target = section.overridable && overridableTarget(section, section.overridable[name]);
    if (target) setAt(copy[target.index], target.path, structuredClone(value));
  }
  return [...blocks.slice(0, index), ...copy, ...blocks.slice(index + 1)];
}
