/**
 * The dev server validates the content in a process of its own (validation-process-child.ts): a saved change's page is
 * then rendered on one core while the content is validated on the other, where the validation came first (160–210 ms
 * at 10,000 routes, half of the time from a save to the page with the change), and the server's start does not wait
 * for the first validation (a second and more at 10,000 routes).
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { catalogueError, configErrors } from "../contract/errors.ts";
import { ROOT } from "./paths.ts";
import type { ValidateOptions } from "./validate.ts";
import type { ValidationReport } from "./validation-report.ts";

const CHILD_SOURCE = path.join(ROOT, "toolchain", "validation-process-child.ts");

/** What the dev server asks: to read these files again, then validate. */
export interface ValidationRequest {
  request: number;
  changed: string[];
}

/** What the process answers for the last request it had when it validated: the problems, or why it could not. */
export interface ValidationAnswer {
  request: number;
  report?: ValidationReport;
  failure?: string;
}

export interface ValidationProcess {
  /**
   * Tells the process of the files changed since the last request (none at the start) and has it validate. Answers
   * the problems of the content with every change told so far (undefined when it is valid), or `superseded` when a
   * later request was validated in its place; rejects when the process could not validate (a new one starts at the
   * next request).
   */
  validate(changed: readonly string[]): Promise<{ report: ValidationReport | undefined } | "superseded">;
  /** The process validating, while one runs. */
  readonly pid: number | undefined;
  stop(): void;
}

interface Waiting {
  request: number;
  resolve: (answer: { report: ValidationReport | undefined } | "superseded") => void;
  reject: (error: Error) => void;
}

export function startValidationProcess(options: Pick<ValidateOptions, "configDir" | "publicDir">): ValidationProcess {
  let child: ChildProcess | undefined;
  let requests = 0;
  let waiting: Waiting[] = [];
  let stopping = false;

  const failAll = (error: Error) => {
    const failed = waiting;
    waiting = [];
    for (const { reject } of failed) reject(error);
  };

  const started = (): ChildProcess => {
    if (child) return child;
    const forked = fork(CHILD_SOURCE, [JSON.stringify(options)], {
      cwd: ROOT,
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    forked.on("message", ({ request, report, failure }: ValidationAnswer) => {
      const answered = waiting.filter((entry) => entry.request <= request);
      waiting = waiting.filter((entry) => entry.request > request);
      const error = failure === undefined ? undefined : catalogueError(configErrors.devValidationFailed, { failure });
      for (const entry of answered) {
        if (error) entry.reject(error);
        else entry.resolve(entry.request === request ? { report } : "superseded");
      }
    });
    forked.on("exit", (code, signal) => {
      if (child === forked) child = undefined;
      if (stopping) return;
      // The next request starts a new process, which reads every file afresh.
      failAll(
        catalogueError(configErrors.devValidationFailed, {
          failure: `its process ended (${signal ?? `exit code ${code}`})`,
        }),
      );
    });
    child = forked;
    return forked;
  };

  return {
    validate(changed) {
      // Stopped with the dev server: a save that was settling as it closed starts no process again.
      if (stopping) return Promise.resolve("superseded");
      const request = ++requests;
      return new Promise((resolve, reject) => {
        waiting.push({ request, resolve, reject });
        started().send({ request, changed: [...changed] } satisfies ValidationRequest);
      });
    },
    get pid() {
      return child?.pid;
    },
    stop() {
      stopping = true;
      const ending = child;
      child = undefined;
      for (const { resolve } of waiting.splice(0)) resolve("superseded");
      if (ending?.connected) ending.disconnect();
    },
  };
}
