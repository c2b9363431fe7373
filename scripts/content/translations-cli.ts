/**
 * `npm run translations`: the translation status in the formats CI reads (docs/translations.md). An outdated translation
 * is a warning on its file's `translationOf` line, a missing one a notice on its source page's `path` line; an
 * up-to-date one is listed in text and JSON only. The status informs, it does not gate: every format exits with 0.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type * as Sarif from "sarif";
import { type AnyEntry, catalogueError, formatNotice, messageOf, translationMessages } from "../../contract/errors.ts";
import { ROOT } from "../../toolchain/paths.ts";
import type { TranslationReport, TranslationStatus } from "../../toolchain/translations/status.ts";
import {
  FORMATS,
  type Format,
  GITHUB_ANNOTATION_LIMIT,
  escapeData,
  escapeProperty,
  isFormat,
} from "./report-formats.ts";

type Env = Readonly<Record<string, string | undefined>>;

const REPORT_FORMATS: ReadonlySet<Format> = new Set(["json", "sarif", "gitlab"]);

export interface TranslationsArguments {
  format: Format;
  locale?: string;
  output?: string;
}

/** The options of the command line (without `--format`, `github` on GitHub Actions, `text` elsewhere), or TR003–TR005. */
export function translationsArguments(argv: readonly string[], env: Env): TranslationsArguments {
  let values: { format?: string; output?: string; locale?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { format: { type: "string" }, output: { type: "string" }, locale: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    throw catalogueError(translationMessages.usage, { problem: (error as Error).message });
  }
  const format = values.format ?? (env.GITHUB_ACTIONS === "true" ? "github" : "text");
  if (!isFormat(format)) throw catalogueError(translationMessages.unknownFormat, { format, formats: FORMATS });
  if (values.output && !REPORT_FORMATS.has(format))
    throw catalogueError(translationMessages.outputWithoutReport, { format });
  return {
    format,
    ...(values.locale ? { locale: values.locale } : {}),
    ...(values.output ? { output: values.output } : {}),
  };
}

/** What one status says, whatever the format: its entry, its message, and the place it is annotated at. */
interface Finding {
  entry: AnyEntry;
  level: "warning" | "note";
  message: string;
  file: string;
  line: number;
  column: number;
  endColumn: number;
}

function finding(status: TranslationStatus): Finding | undefined {
  if (status.state === "outdated") {
    const since = status.translation.lastCommit!;
    const message = messageOf(translationMessages.outdated, {
      locale: status.locale,
      source: status.source.path,
      sourceFile: status.source.file,
      commit: since.commit,
      date: since.date,
      fields: status.changed,
    });
    return { entry: translationMessages.outdated, level: "warning", message, ...status.translation };
  }
  if (status.state === "missing") {
    const message = messageOf(translationMessages.missing, {
      locale: status.locale,
      source: status.source.path,
      translationFile: status.translation.file,
      whenMissing: status.whenMissing,
    });
    return { entry: translationMessages.missing, level: "note", message, ...status.source };
  }
  return undefined;
}

const ORDER = { outdated: 0, missing: 1, "up-to-date": 2 } as const;

const count = (report: TranslationReport, state: TranslationStatus["state"]) =>
  report.translations.filter((status) => status.state === state).length;

/** The last line: every translation up to date, or how many are to do; TR105 when there is no locale. */
function countLine(report: TranslationReport): string {
  if (report.locales.length === 0) return formatNotice(translationMessages.noLocales);
  const outdated = count(report, "outdated");
  const missing = count(report, "missing");
  return outdated + missing === 0
    ? formatNotice(translationMessages.allUpToDate, {
        locales: report.locales.length,
        translations: report.translations.length,
      })
    : formatNotice(translationMessages.toDo, { outdated, missing });
}

const place = (found: Finding) => `${found.file}:${found.line}:${found.column}`;

function toText(report: TranslationReport, found: readonly Finding[]): string[] {
  const lines: string[] = [];
  for (const locale of report.locales) {
    lines.push(formatNotice(translationMessages.locale, { ...locale, locale: locale.code }));
    const mine = report.translations
      .filter((status) => status.locale === locale.code)
      .sort((a, b) => ORDER[a.state] - ORDER[b.state]);
    for (const status of mine) {
      const found = finding(status);
      if (found) lines.push(`  ${place(found)}  ${found.entry.code} ${found.message}`);
      else
        lines.push(
          `  ${formatNotice(translationMessages.upToDate, {
            source: status.source.path,
            translation: status.translation.path ?? status.translation.file,
            translationFile: status.translation.file,
          })}`,
        );
    }
  }
  const hints = [...new Set(found.map((f) => f.entry))].map((entry) => `  ${entry.code}: ${entry.hint}`);
  return [...lines, ...(lines.length ? [""] : []), countLine(report), ...hints];
}

function githubCommand(found: Finding): string {
  const properties = [
    ["file", found.file],
    ["line", found.line],
    ["col", found.column],
    ["endColumn", found.endColumn],
    ["title", `${found.entry.code} ${found.entry.title}`],
  ]
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(",");
  const command = found.level === "warning" ? "warning" : "notice";
  return `::${command} ${properties}::${escapeData(`${found.message}\n${found.entry.hint}`)}`;
}

const markdownCell = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>");

function githubSummary(findings: readonly Finding[], last: string): string {
  const rows = findings.map(
    (f) =>
      `| ${markdownCell(place(f))} | ${f.entry.code} ${markdownCell(f.entry.title)} | ${markdownCell(f.message)} |`,
  );
  const table = rows.length ? ["", "| Where | Status | Message |", "|---|---|---|", ...rows] : [];
  return [`### ${messageOf(translationMessages.summaryHeading)}`, "", last, ...table, ""].join("\n");
}

/**
 * GitHub shows 10 annotations of each kind per step: the first 10 warnings and 10 notices are annotated, the others
 * printed as text in the log (and all of them in the job summary).
 */
function toGithub(findings: readonly Finding[], last: string, env: Env): { stdout: string[]; stderr: string[] } {
  if (env.GITHUB_STEP_SUMMARY) fs.appendFileSync(env.GITHUB_STEP_SUMMARY, githubSummary(findings, last));
  const stdout: string[] = [];
  const rest: Finding[] = [];
  for (const level of ["warning", "note"] as const) {
    const ofLevel = findings.filter((f) => f.level === level);
    stdout.push(...ofLevel.slice(0, GITHUB_ANNOTATION_LIMIT).map(githubCommand));
    rest.push(...ofLevel.slice(GITHUB_ANNOTATION_LIMIT));
  }
  return { stdout: [...stdout, last], stderr: rest.map((f) => `${place(f)}  ${f.entry.code} ${f.message}`) };
}

const fingerprint = (found: Finding) =>
  crypto.createHash("sha256").update([found.file, found.entry.code, found.message].join("\u0000")).digest("hex");

function toSarif(findings: readonly Finding[], version: string): Sarif.Log {
  const entries = [translationMessages.outdated, translationMessages.missing];
  const rules = entries.map((entry, i): Sarif.ReportingDescriptor => ({
    id: entry.code,
    name: i === 0 ? "TranslationOutdated" : "TranslationMissing",
    shortDescription: { text: entry.title },
    fullDescription: { text: entry.hint },
    help: { text: entry.hint },
    defaultConfiguration: { level: i === 0 ? "warning" : "note" },
  }));
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "voxa-site translations", version, rules } },
        columnKind: "utf16CodeUnits",
        results: findings.map((found) => ({
          ruleId: found.entry.code,
          ruleIndex: entries.indexOf(found.entry as (typeof entries)[number]),
          level: found.level,
          message: { text: found.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: found.file, uriBaseId: "%SRCROOT%" },
                region: { startLine: found.line, startColumn: found.column, endColumn: found.endColumn },
              },
            },
          ],
          partialFingerprints: { "translationHash/v1": fingerprint(found) },
        })),
      },
    ],
  };
}

const toGitlab = (findings: readonly Finding[]) =>
  findings.map((found) => ({
    description: `${found.entry.code} ${found.message}`,
    check_name: found.entry.code,
    fingerprint: fingerprint(found).slice(0, 32),
    severity: found.level === "warning" ? "minor" : "info",
    location: { path: found.file, lines: { begin: found.line } },
  }));

export interface TranslationsOutcome {
  stdout: string;
  stderr: string;
  output?: string;
}

const lines = (parts: readonly string[]) => parts.map((part) => `${part}\n`).join("");

/** The report in the format asked: the report on standard output, the count line on standard error beside data. */
export function formatTranslations(
  report: TranslationReport,
  args: TranslationsArguments,
  env: Env,
): TranslationsOutcome {
  const findings = report.translations
    .slice()
    .sort((a, b) => ORDER[a.state] - ORDER[b.state])
    .map(finding)
    .filter((f): f is Finding => f !== undefined);
  const last = countLine(report);
  const withOutput = (outcome: TranslationsOutcome) => (args.output ? { ...outcome, output: args.output } : outcome);
  switch (args.format) {
    case "text":
      return { stdout: lines(toText(report, findings)), stderr: "" };
    case "json":
      return withOutput({ stdout: lines([JSON.stringify(report, null, 2)]), stderr: lines([last]) });
    case "sarif": {
      const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
      return withOutput({
        stdout: lines([JSON.stringify(toSarif(findings, version), null, 2)]),
        stderr: lines([last]),
      });
    }
    case "gitlab":
      return withOutput({ stdout: lines([JSON.stringify(toGitlab(findings), null, 2)]), stderr: lines([last]) });
    case "github": {
      const { stdout, stderr } = toGithub(findings, last, env);
      return { stdout: lines(stdout), stderr: lines(stderr) };
    }
  }
}
