import { closingOf } from "../../../contract/closing.ts";
import { configErrors } from "../../../contract/errors.ts";
import type { Check, PageLike } from "../context.ts";
import { findings } from "../problems.ts";

/** Every page ends with a call to action, as the site shows it (its sections placed). */
export const closingCallToAction: Check = ({ pages, sectionsOf, relative }) => {
  const { problems, report } = findings(relative);
  for (const { source, page, endsUnknown, locale } of pages) {
    const written = (source.value as PageLike | undefined)?.blocks;
    if (!Array.isArray(page.blocks) || !Array.isArray(written) || endsUnknown) continue;
    const last = page.blocks.at(-1) as { type?: unknown } | undefined;
    if (!last || last.type === "call-to-action") continue;
    // The message names what the page ends with as it is written: its call-to-action block or the section placing it.
    const closing = closingOf(written, sectionsOf(locale).docs);
    report(source, `/blocks/${written.length - 1}`, configErrors.mustEndWithCallToAction, {
      closing: closing && { section: closing.section, after: written.length - 1 - closing.index },
    });
  }
  return problems;
};
