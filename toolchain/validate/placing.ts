/**
 * Shared sections placed where a list places them (docs/sections.md): the list expanded as the content loader expands
 * it, and each override validated in the field it replaces. The checks judge what this finds.
 */
import type { ErrorObject } from "ajv";
import type { Validators } from "../../contract/schemas.server.ts";
import {
  type Expanded,
  type Holder,
  type SectionDoc,
  expandBlocks,
  isSectionRef,
  overridableTarget,
  overridesOf,
  setAt,
} from "../../contract/sections.ts";
import { toSegment } from "./positions.ts";
import type { SourceFile } from "./source-file.ts";

/** The sections one locale's pages place. */
export interface SectionSet {
  /** The sections' files that could be read, by id. */
  sources: ReadonlyMap<string, SourceFile>;
  /** The id of every section file, read or not. */
  ids: readonly string[];
  /** The sections' documents as written (before defaults), by id. */
  docs: ReadonlyMap<string, SectionDoc>;
}

/** An override of a placed section, with what the block union finds wrong inside its field once it is in place. */
export interface PlacedOverride {
  /** Where the reference writes it. */
  pointer: string;
  name: string;
  section: string;
  errors: readonly ErrorObject[];
}

/** A list (a page's, or a section's own) with its sections placed. */
export interface Placing {
  /** The file that holds the list: undefined for a page, else the section's id. */
  holder: Holder;
  expanded: Expanded;
  overrides: PlacedOverride[];
}

/**
 * A file's value as written, before validation filled in its defaults: sections are expanded from it, and nothing
 * changes it. Parsed once per text of the file: a process that validates again and again (the dev server on each save)
 * parsed every page again each time, 40 ms of each validation at 10,000 pages.
 */
export const asWritten = (source: SourceFile) => {
  const kept = writtenValues.get(source.file);
  if (kept?.text === source.text) return kept.value;
  const parsed = JSON.parse(source.text) as unknown;
  const value = (parsed && typeof parsed === "object" ? parsed : {}) as { blocks?: unknown };
  writtenValues.set(source.file, { text: source.text, value });
  return value;
};

const writtenValues = new Map<string, { text: string; value: { blocks?: unknown } }>();

export function sectionSet(sources: ReadonlyMap<string, SourceFile>, ids: readonly string[]): SectionSet {
  return { sources, ids, docs: new Map([...sources].map(([id, source]) => [id, asWritten(source) as SectionDoc])) };
}

/** Places the sections of `blocks`, a list that `source` holds; the links and assets its overrides write join the file's. */
export function place(
  sections: SectionSet,
  validators: Validators,
  source: SourceFile,
  holder: Holder,
  blocks: unknown,
): Placing {
  const expanded = expandBlocks(Array.isArray(blocks) ? blocks : [], sections.docs, holder);
  const overrides = Array.isArray(blocks) ? placeOverrides(sections, validators, source, blocks) : [];
  return { holder, expanded, overrides };
}

/**
 * Each override checked against the field it replaces: the section's block with the override in place is validated
 * as a block, and what is wrong inside that field belongs to the override, as do the references it writes.
 */
function placeOverrides(sections: SectionSet, validators: Validators, source: SourceFile, blocks: unknown[]) {
  const placed: PlacedOverride[] = [];
  blocks.forEach((block, index) => {
    if (!isSectionRef(block)) return;
    const section = sections.docs.get(block.section);
    const declared = section?.overridable ?? {};
    for (const [name, value] of overridesOf(block)) {
      const target = section && Object.hasOwn(declared, name) && overridableTarget(section, declared[name]);
      if (!target) continue;
      const withOverride = structuredClone((section.blocks as unknown[])[target.index]);
      setAt(withOverride, target.path, structuredClone(value));
      const field = `/${target.path.map(toSegment).join("/")}`;
      const inField = (pointer: string) => pointer === field || pointer.startsWith(`${field}/`);
      const pointer = `/blocks/${index}/overrides/${toSegment(name)}`;
      const valid = validators.block(withOverride);
      const errors = valid ? [] : (validators.block.errors ?? []).filter((e) => inField(e.instancePath));
      placed.push({ pointer, name, section: block.section, errors });
      const written = validators.references().filter((reference) => inField(reference.pointer));
      source.references.push(...written.map((reference) => ({ ...reference, pointer })));
    }
  });
  return placed;
}
