import crypto from "node:crypto";
import type * as Sarif from "sarif";
import { type AnyEntry, configErrors, entryByCode } from "../../contract/errors.ts";
import { type Problem, formatProblem } from "../../toolchain/validate.ts";

/**
 * The validator's problems in the forms that CI systems read (docs/ci.md): text for people, a stable JSON shape,
 * GitHub workflow commands and job summary, SARIF 2.1.0 for code scanning, GitLab's code-quality report. Pure
 * functions of the problems: the review reports its own problems through them too.
 */
export const FORMATS = ["text", "json", "github", "sarif", "gitlab"] as const;
export type Format = (typeof FORMATS)[number];

export const isFormat = (value: string): value is Format => (FORMATS as readonly string[]).includes(value);

/** A problem with everything a reader needs beside it: the catalogue's title and fix. The JSON format's shape. */
export type DetailedProblem = Problem & { title: string; hint: string };

/** A problem with its catalogue title and hint, the keys in the documented order (docs/errors.md). */
export function detailed(problem: Problem): DetailedProblem {
  const entry = entryByCode(problem.code);
  return {
    file: problem.file,
    line: problem.line,
    column: problem.column,
    endLine: problem.endLine,
    endColumn: problem.endColumn,
    pointer: problem.pointer,
    code: problem.code,
    title: entry?.title ?? problem.code,
    message: problem.message,
    hint: entry?.hint ?? "",
  };
}

export const toText = (problems: readonly Problem[]) => problems.map(formatProblem).join("\n");

export const toJson = (problems: readonly Problem[]) => JSON.stringify(problems.map(detailed), null, 2);

/** A digest that names a problem whatever line it moves to: its file, the place in the document and the code. */
const fingerprintOf = (problem: Problem, ...more: string[]) =>
  crypto
    .createHash("sha256")
    .update([problem.file, problem.pointer, problem.code, ...more].join("\u0000"))
    .digest("hex");

// GitHub's escaping for workflow commands: data escapes %, CR and LF; a property value also ':' and ',', which end
// the command's name and separate its properties.
export const escapeData = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
export const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** GitHub shows this many error annotations of a step; the rest are dropped without a word. */
export const GITHUB_ANNOTATION_LIMIT = 10;

/**
 * One `::error` workflow command. Columns go only on a one-line span: GitHub ignores them when the annotation spans
 * several lines.
 */
export function githubAnnotation(problem: Problem): string {
  const { title, hint } = detailed(problem);
  const oneLine = problem.endLine === problem.line;
  const place: [string, string | number][] = [
    ["file", problem.file],
    ["line", problem.line],
    ...(oneLine ? [["col", problem.column] as [string, number]] : []),
    ["endLine", problem.endLine],
    ...(oneLine ? [["endColumn", problem.endColumn] as [string, number]] : []),
    ["title", `${problem.code} ${title}`],
  ];
  const properties = place.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(",");
  return `::error ${properties}::${escapeData(hint ? `${problem.message}\n${hint}` : problem.message)}`;
}

/** A workflow command without a place in a file (a notice in the run's annotations). */
export const githubNotice = (entry: AnyEntry, message: string) =>
  `::notice title=${escapeProperty(`${entry.code} ${entry.title}`)}::${escapeData(message)}`;

const markdownCell = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>");

/** Where a reader can open a file of the repository at the commit checked, when CI says which it is. */
export interface SourceLinks {
  /** e.g. `https://github.com/owner/repo/blob/<sha>/`: a file's path and `#L<line>` are appended. */
  blobBase: string;
}

/** The job summary: a heading, the count line, then every problem in a Markdown table. */
export function githubSummary(
  problems: readonly Problem[],
  heading: string,
  countLine: string,
  links?: SourceLinks,
): string {
  const rows = problems.map((problem) => {
    const { title, hint } = detailed(problem);
    const place = `${problem.file}:${problem.line}:${problem.column}`;
    const where = links
      ? `[${markdownCell(place)}](${links.blobBase}${problem.file}#L${problem.line})`
      : markdownCell(place);
    return `| ${where} | \`${problem.pointer || "/"}\` | ${problem.code} ${markdownCell(title)} | ${markdownCell(problem.message)} | ${markdownCell(hint)} |`;
  });
  const table = rows.length
    ? ["", "| Where | Field | Problem | Message | Fix |", "|---|---|---|---|---|", ...rows]
    : [];
  return [`### ${heading}`, "", countLine, ...table, ""].join("\n");
}

/** How the tool presents itself in a SARIF log. */
export interface SarifTool {
  name: string;
  version: string;
  /** Where to read about the tool and its rules; left out when not known. */
  informationUri?: string;
}

/** `brokenLink` → `BrokenLink`: SARIF's rule names are identifiers, the catalogue's keys are too. */
const ruleName = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

const ruleOf = (name: string, entry: AnyEntry): Sarif.ReportingDescriptor => ({
  id: entry.code,
  name,
  shortDescription: { text: entry.title },
  fullDescription: { text: entry.hint },
  help: { text: entry.hint },
  defaultConfiguration: { level: "error" },
});

/**
 * SARIF 2.1.0 as GitHub code scanning reads it: a rule per catalogue code of the content (and any other code the
 * problems carry), one error result per problem at its region, URIs relative to the repository's root.
 */
export function toSarif(problems: readonly Problem[], tool: SarifTool): Sarif.Log {
  const rules = Object.entries(configErrors).map(([key, entry]) => ruleOf(ruleName(key), entry));
  for (const { code } of problems) {
    const entry = entryByCode(code);
    if (!rules.some((rule) => rule.id === code))
      rules.push(ruleOf(code, entry ?? { code, title: code, message: "", hint: "" }));
  }
  const results = problems.map((problem): Sarif.Result => ({
    ruleId: problem.code,
    ruleIndex: rules.findIndex((rule) => rule.id === problem.code),
    level: "error",
    message: { text: problem.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: problem.file, uriBaseId: "%SRCROOT%" },
          region: {
            startLine: problem.line,
            startColumn: problem.column,
            endLine: problem.endLine,
            endColumn: problem.endColumn,
          },
        },
      },
    ],
    partialFingerprints: { "problemHash/v1": fingerprintOf(problem) },
    properties: { pointer: problem.pointer },
  }));
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules,
          },
        },
        // Columns count UTF-16 code units, as JavaScript strings do.
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
}

/** One issue of GitLab's code-quality report (a subset of the Code Climate format). */
export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: "info" | "minor" | "major" | "critical" | "blocker";
  location: { path: string; lines: { begin: number } };
}

/** GitLab's code-quality report: the merge request's widget lists these, and the diff marks their lines. */
export const toGitlab = (problems: readonly Problem[]): CodeQualityIssue[] =>
  problems.map((problem) => ({
    description: `${problem.code} ${problem.message}`,
    check_name: problem.code,
    // GitLab shows one issue per fingerprint: the message makes two problems at one place two issues.
    fingerprint: fingerprintOf(problem, problem.message).slice(0, 32),
    severity: "major",
    location: { path: problem.file, lines: { begin: problem.line } },
  }));
