import { configErrors, sectionErrors } from "../../../contract/errors.ts";
import type { Origin } from "../../../contract/sections.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";

/**
 * Block ids are unique in a list (a page's, or a section's own) once its sections are placed: an id of a placed block is
 * named at the reference that places it.
 */
export const uniqueBlockIds: Check = ({ sectionFiles, pages, relative }) => {
  const { problems, report } = findings(relative);
  for (const { source, placing } of [...sectionFiles, ...pages]) {
    const { holder, expanded } = placing;
    const seen = new Map<string, Origin>();
    expanded.blocks.forEach((block, k) => {
      const id = (block as { id?: unknown } | null)?.id;
      if (typeof id !== "string") return;
      const origin = expanded.origins[k]!;
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
  }
  return problems;
};
