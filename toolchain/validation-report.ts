import { type ValidateOptions, formatProblem, validateConfig } from "./validate.ts";

/** The validator's problems, one line each as `npm run validate` prints them, and their number. */
export interface ValidationReport {
  count: number;
  problems: string;
}

/** The problems of the content `options` point at, as `npm run validate` lists them; undefined when it is valid. */
export function validationReport(options: ValidateOptions): ValidationReport | undefined {
  const { problems } = validateConfig(options);
  return problems.length ? { count: problems.length, problems: problems.map(formatProblem).join("\n") } : undefined;
}
