import { sectionErrors } from "../../../contract/errors.ts";
import { type ExpandProblem, overridableTarget } from "../../../contract/sections.ts";
import type { Check } from "../context.ts";
import type { Placing, SectionSet } from "../placing.ts";
import { toSegment } from "../positions.ts";
import { type Report, findings } from "../problems.ts";
import type { SourceFile } from "../source-file.ts";

/**
 * Shared sections where they are placed (docs/sections.md): references that cannot be followed, overrides a section does
 * not declare, and a section's own `overridable` pointers that name no field.
 */
export const sectionPlacing: Check = ({ sectionFiles, sectionsOf, pages, relative }) => {
  const { problems, report } = findings(relative);
  for (const { id, source, locale, placing } of sectionFiles) {
    const sections = sectionsOf(locale);
    const doc = sections.docs.get(id)!;
    for (const [name, pointer] of Object.entries(doc.overridable ?? {}))
      if (typeof pointer === "string" && !overridableTarget(doc, pointer))
        report(source, `/overridable/${toSegment(name)}`, sectionErrors.overridableNotAField, { name, pointer });
    reportPlacing(report, source, sections, placing);
  }
  for (const { source, locale, placing } of pages) reportPlacing(report, source, sectionsOf(locale), placing);
  return problems;
};

function reportPlacing(report: Report, source: SourceFile, sections: SectionSet, { holder, expanded }: Placing) {
  // A problem inside another section is that section's to report, once, in its own file; a circle is met only by going
  // round it, so it is reported in the file of the reference that closes it, whoever went round.
  for (const problem of expanded.problems) {
    const where =
      problem.holder === holder ? source : problem.kind === "cycle" && sections.sources.get(problem.holder!);
    if (where) reportProblem(report, where, sections.ids, problem);
  }
}

function reportProblem(report: Report, source: SourceFile, ids: readonly string[], problem: ExpandProblem) {
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
}
