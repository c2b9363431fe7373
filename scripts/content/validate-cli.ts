import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { catalogueError, configErrors, messageOf, validateMessages } from "../../contract/errors.ts";
import { listPages } from "../../toolchain/page-list.ts";
import { CONFIG_DIR, ROOT } from "../../toolchain/paths.ts";
import {
  FORMATS,
  type Format,
  GITHUB_ANNOTATION_LIMIT,
  type SarifTool,
  githubAnnotation,
  githubNotice,
  githubSummary,
  isFormat,
  toGitlab,
  toJson,
  toSarif,
  toText,
} from "./report-formats.ts";
import { type ValidateOptions, validateConfig } from "../../toolchain/validate.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** The formats whose standard output is one document, which `--output` can write to a file. */
const REPORT_FORMATS: ReadonlySet<Format> = new Set(["json", "sarif", "gitlab"]);

/** What the command line asks: the format (without one, `github` on GitHub Actions, `text` elsewhere) and where to write. */
export interface ValidateArguments {
  format: Format;
  /** The file to write the report to instead of standard output (`--output`). */
  output?: string;
  /** List every page's path and title instead of validating (`--pages`): where a broken link's author looks. */
  pages?: boolean;
}

export function parseArguments(argv: readonly string[], env: Env): ValidateArguments {
  let values: { format?: string; output?: string; pages?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { format: { type: "string" }, output: { type: "string" }, pages: { type: "boolean" } },
      strict: true,
    }));
  } catch (error) {
    throw catalogueError(validateMessages.badArguments, { reason: (error as Error).message });
  }
  const format = values.format ?? (env.GITHUB_ACTIONS === "true" ? "github" : "text");
  if (!isFormat(format)) throw catalogueError(validateMessages.unknownFormat, { format, formats: FORMATS });
  if (values.output && !REPORT_FORMATS.has(format))
    throw catalogueError(validateMessages.outputWithoutReport, { format });
  return { format, ...(values.output ? { output: values.output } : {}), ...(values.pages ? { pages: true } : {}) };
}

/** Where CI's repository shows a file at a commit (GitHub Actions, GitLab CI): the file's path goes after it. */
function blobBase(env: Env, ref: string): string | undefined {
  if (env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY)
    return `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/blob/${ref}/`;
  if (env.CI_PROJECT_URL) return `${env.CI_PROJECT_URL}/-/blob/${ref}/`;
  return undefined;
}

function tool(env: Env): SarifTool {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  const docs = blobBase(env, "HEAD");
  return { name: "voxa-site validate", version, ...(docs ? { informationUri: `${docs}docs/ci.md` } : {}) };
}

export interface ValidateRun {
  argv: readonly string[];
  env: Env;
  /** Another copy of the content to check (tests); the project's by default. */
  options?: ValidateOptions;
}

/**
 * What `npm run validate` writes, and its exit code; the job summary is appended to its file on the way. `stdout` is
 * the report, which `--output` sends to a file instead.
 */
export interface ValidateOutcome {
  stdout: string;
  stderr: string;
  exitCode: 0 | 1;
  output?: string;
}

const lines = (...parts: string[]) => parts.map((part) => `${part}\n`).join("");

/** Validates site-config/ and reports it in the format asked (docs/ci.md). */
export function runValidate({ argv, env, options }: ValidateRun): ValidateOutcome {
  const { format, output, pages } = parseArguments(argv, env);
  if (pages) {
    const listed = listPages(options?.configDir ?? CONFIG_DIR);
    return { stdout: lines(messageOf(configErrors.pageList, { pages: listed })), stderr: "", exitCode: 0 };
  }
  const outcome = report(format, env, options);
  return output ? { ...outcome, output } : outcome;
}

function report(format: Format, env: Env, options: ValidateOptions | undefined): ValidateOutcome {
  const started = performance.now();
  const { problems, pageCount: pages } = validateConfig(options);
  const ms = Math.round(performance.now() - started);
  const exitCode = problems.length > 0 ? 1 : 0;
  const countLine = exitCode
    ? `✖ ${messageOf(validateMessages.problemsFound, { problems: problems.length, pages, ms })}`
    : `✔ ${messageOf(validateMessages.valid, { pages, ms })}`;

  switch (format) {
    case "text":
      return exitCode
        ? { stdout: "", stderr: lines(toText(problems), "", countLine), exitCode }
        : { stdout: lines(countLine), stderr: "", exitCode };
    case "json":
      return { stdout: lines(toJson(problems)), stderr: lines(countLine), exitCode };
    case "sarif":
      return {
        stdout: lines(JSON.stringify(toSarif(problems, tool(env)), null, 2)),
        stderr: lines(countLine),
        exitCode,
      };
    case "gitlab":
      return { stdout: lines(JSON.stringify(toGitlab(problems), null, 2)), stderr: lines(countLine), exitCode };
    case "github": {
      const summaryFile = env.GITHUB_STEP_SUMMARY;
      if (summaryFile) {
        const base = env.GITHUB_SHA ? blobBase(env, env.GITHUB_SHA) : undefined;
        const links = base ? { blobBase: base } : undefined;
        const heading = messageOf(validateMessages.summaryHeading);
        fs.appendFileSync(summaryFile, githubSummary(problems, heading, countLine, links));
      }
      const annotated = problems.slice(0, GITHUB_ANNOTATION_LIMIT);
      const rest = problems.slice(GITHUB_ANNOTATION_LIMIT);
      const more = rest.length
        ? [
            githubNotice(
              validateMessages.moreThanAnnotated,
              messageOf(validateMessages.moreThanAnnotated, {
                shown: annotated.length,
                more: rest.length,
                summary: Boolean(summaryFile),
              }),
            ),
          ]
        : [];
      const stdout = lines(...annotated.map(githubAnnotation), ...more, ...(exitCode ? [] : [countLine]));
      // The problems not annotated are in the log too, as text, for whoever reads it rather than the summary.
      const stderr = exitCode ? lines(...(rest.length ? [toText(rest), ""] : []), countLine) : "";
      return { stdout, stderr, exitCode };
    }
  }
}
