import { type CatalogueError, catalogueError, generationErrors } from "../../contract/errors.ts";
import { type CommandDescription, commandSections } from "./commands.ts";
import { escapeCell } from "./message-tables.ts";

export const COMMANDS_START =
  "<!-- commands:start (generated from package.json and scripts/docs/commands.ts by `npm run docs`) -->";
export const COMMANDS_END = "<!-- commands:end -->";

/**
 * What keeps docs/commands.md whole: every script of package.json described, every description a script's. The
 * problems come in package.json's order, then the descriptions' order.
 */
export function commandProblems(
  scripts: Record<string, string>,
  described: Record<string, CommandDescription>,
): CatalogueError[] {
  return [
    ...Object.keys(scripts)
      .filter((script) => !Object.hasOwn(described, script))
      .map((script) => catalogueError(generationErrors.undescribedScript, { script })),
    ...Object.keys(described)
      .filter((script) => !Object.hasOwn(scripts, script))
      .map((script) => catalogueError(generationErrors.describedScriptMissing, { script })),
  ];
}

/** How a script is typed: `npm start` and `npm test` need no `run`. */
const invocation = (script: string) =>
  script === "start" || script === "test" ? `npm ${script}` : `npm run ${script}`;

/** One table per section, in the sections' order; in a section, the scripts in package.json's order. */
export function commandTables(scripts: Record<string, string>, described: Record<string, CommandDescription>): string {
  const out: string[] = [];
  for (const section of commandSections) {
    const names = Object.keys(scripts).filter((script) => described[script]?.section === section);
    if (names.length === 0) continue;
    out.push(`## ${section}`, "", "| command | what it does |", "|---|---|");
    for (const name of names) out.push(`| \`${invocation(name)}\` | ${escapeCell(described[name].description)} |`);
    out.push("");
  }
  return out.join("\n").trimEnd();
}

/**
 * docs/commands.md with its tables regenerated between the markers, the hand-written text around them kept. Without
 * the markers the tables are added at the end, so that the check fails rather than skips them.
 */
export function withCommandTables(
  current: string,
  scripts: Record<string, string>,
  described: Record<string, CommandDescription>,
): string {
  const tables = commandTables(scripts, described);
  const start = current.indexOf(COMMANDS_START);
  const end = current.indexOf(COMMANDS_END);
  if (start === -1 || end === -1) return `${current}\n${COMMANDS_START}\n\n${tables}\n\n${COMMANDS_END}\n`;
  return `${current.slice(0, start + COMMANDS_START.length)}\n\n${tables}\n\n${current.slice(end)}`;
}
