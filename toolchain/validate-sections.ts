/**
 * Validation of shared sections where they are placed (docs/sections.md): references that cannot be followed, overrides
 * a section does not declare or that do not fit their field, block ids that collide once a section is placed, and the
 * section's own `overridable` pointers. Part of toolchain/validate.ts, which reads the files and places the problems.
 */
import type { ErrorObject } from "ajv";
import { type AnyEntry, type ArgsOf, configErrors, sectionErrors } from "../contract/errors.ts";
import type { MarkedReference, Validators } from "../contract/schemas.server.ts";
import {
  type ExpandProblem,
  type Expanded,
  type Holder,
  type SectionDoc,
  expandBlocks,
  isSectionRef,
  overridableTarget,
  overridesOf,
  setAt,
} from "../contract/sections.ts";

/** One segment of a JSON pointer, escaped. */
export const toSegment = (s: string | number) => String(s).replace(/~/g, "~0").replace(/\//g, "~1");

/** What the checks need of the validation that runs them; `S` is its kind of source file. */
export interface SectionCheckContext<S> {
  validators: Validators;
  /** The sections' files that could be read, by id. */
  sources: ReadonlyMap<string, S>;
  /** The id of every section file, read or not. */
  ids: readonly string[];
  /** The sections' documents as written (before defaults), by id. */
  docs: ReadonlyMap<string, SectionDoc>;
  report: <E extends AnyEntry>(source: S, pointer: string, entry: E, ...args: ArgsOf<E>) => void;
  /** An ajv error in the catalogue's words, or undefined for one that only repeats others. */
  describe: (error: ErrorObject) => { message: string } | undefined;
  /** Links and assets that an override writes, checked with the file's own. */
  addReferences: (source: S, references: MarkedReference[]) => void;
}

export function sectionChecks<S>({
  validators,
  sources,
  ids,
  docs,
  report,
  describe,
  addReferences,
}: SectionCheckContext<S>) {
  const reportPlacing = (source: S, problem: ExpandProblem) => {
    switch (problem.kind) {
      case "unknown":
        // A section whose file is not JSON exists: its own file's syntax error says what to fix.
        if (ids.includes(problem.section)) return;
        return report(source, problem.pointer, sectionErrors.unknownSection, { section: problem.section, known: ids });
      case "cycle":
        return report(source, problem.pointer, sectionErrors.sectionCycle, { chain: problem.chain });
      case "undeclared":
        return report(source, problem.pointer, sectionErrors.undeclaredOverride, {
          name: problem.name,
          section: problem.section,
          declared: problem.declared,
        });
    }
  };

  /**
   * Each override checked against the field it replaces: the section's block with the override in place is validated
   * as a block, and what is wrong inside that field is reported at the override. The links it writes are checked with
   * the file's own.
   */
  const checkOverrides = (source: S, blocks: unknown[]) => {
    blocks.forEach((block, index) => {
      if (!isSectionRef(block)) return;
      const section = docs.get(block.section);
      const declared = section?.overridable ?? {};
      for (const [name, value] of overridesOf(block)) {
        const target = section && Object.hasOwn(declared, name) && overridableTarget(section, declared[name]);
        if (!target) continue;
        const placed = structuredClone((section.blocks as unknown[])[target.index]);
        setAt(placed, target.path, structuredClone(value));
        const field = `/${target.path.map(toSegment).join("/")}`;
        const inField = (pointer: string) => pointer === field || pointer.startsWith(`${field}/`);
        const pointer = `/blocks/${index}/overrides/${toSegment(name)}`;
        if (!validators.block(placed))
          for (const error of (validators.block.errors ?? []).filter((e) => inField(e.instancePath))) {
            const problem = describe(error);
            if (problem)
              report(source, pointer, sectionErrors.invalidOverride, {
                name,
                section: block.section,
                problem: problem.message,
              });
          }
        const written = validators.references().filter((reference) => inField(reference.pointer));
        addReferences(
          source,
          written.map((reference) => ({ ...reference, pointer })),
        );
      }
    });
  };

  /** Block ids are unique in a list once its sections are placed: an id of a placed block is named at its reference. */
  const checkIds = (source: S, { blocks, origins }: Expanded, holder: Holder) => {
    const seen = new Map<string, (typeof origins)[number]>();
    blocks.forEach((block, k) => {
      const id = (block as { id?: unknown } | null)?.id;
      if (typeof id !== "string") return;
      const origin = origins[k]!;
      const first = seen.get(id);
      if (!first) return void seen.set(id, origin);
      if (origin.holder === holder && first.holder === holder)
        return report(source, `/blocks/${origin.index}/id`, configErrors.duplicateId, { id });
      const placed = origin.holder === holder ? first : origin;
      report(source, `/blocks/${placed.placedAt}`, sectionErrors.placedIdCollision, {
        id,
        section: placed.sections[0]!,
      });
    });
  };

  /** The problems of placing sections in a list that `source` holds (a page's, or a section's own), and the list placed. */
  const checkPlacing = (source: S, holder: Holder, blocks: unknown): Expanded => {
    const expanded = expandBlocks(Array.isArray(blocks) ? blocks : [], docs, holder);
    // A problem inside another section is that section's to report, once, in its own file; a circle is met only by
    // going round it, so it is reported in the file of the reference that closes it, whoever went round.
    for (const problem of expanded.problems) {
      const where = problem.holder === holder ? source : problem.kind === "cycle" && sources.get(problem.holder!);
      if (where) reportPlacing(where, problem);
    }
    if (Array.isArray(blocks)) checkOverrides(source, blocks);
    checkIds(source, expanded, holder);
    return expanded;
  };

  /** A section's own file: its `overridable` pointers, and the sections it places. */
  const checkSection = (source: S, id: string) => {
    const doc = docs.get(id)!;
    for (const [name, pointer] of Object.entries(doc.overridable ?? {}))
      if (typeof pointer === "string" && !overridableTarget(doc, pointer))
        report(source, `/overridable/${toSegment(name)}`, sectionErrors.overridableNotAField, { name, pointer });
    checkPlacing(source, id, doc.blocks);
  };

  return { checkPlacing, checkSection };
}
