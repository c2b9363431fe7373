import { type AnyEntry, catalogue, kindOf } from "../../contract/errors.ts";

/** Text made safe for one cell of a Markdown table. */
export const escapeCell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The problems of a group of the catalogue as a table: code, title and what to do. */
export function errorTable(entries: Record<string, AnyEntry>): string[] {
  const out = ["| Code | Problem | What to do |", "|---|---|---|"];
  for (const entry of Object.values(entries))
    if (kindOf(entry) === "problem")
      out.push(`| \`${entry.code}\` | ${escapeCell(entry.title)} | ${escapeCell(entry.hint)} |`);
  return out;
}

export const MESSAGES_START = "<!-- errors:start (generated from contract/errors.ts by `npm run docs`) -->";
export const MESSAGES_END = "<!-- errors:end -->";

/**
 * A page (docs/validation.md) with its tables of content messages and of the lead form's messages regenerated between
 * the markers. Without the markers the tables are added at the end, so that the check fails rather than skips them.
 */
export function withMessageTables(current: string): string {
  const table = [
    ...errorTable(catalogue["Content (npm run validate, build, dev server)"]),
    "",
    "The lead form's messages to visitors, and what to check when one appears:",
    "",
    ...errorTable(catalogue["Lead form (what the visitor sees)"]),
  ].join("\n");
  const start = current.indexOf(MESSAGES_START);
  const end = current.indexOf(MESSAGES_END);
  if (start === -1 || end === -1)
    return `${current}\n## Messages\n\n${MESSAGES_START}\n\n${table}\n\n${MESSAGES_END}\n`;
  return `${current.slice(0, start + MESSAGES_START.length)}\n\n${table}\n\n${current.slice(end)}`;
}
