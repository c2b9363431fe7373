/**
 * The dev server's validation process (validation-process.ts): validates the content each time it is told of changes,
 * and answers with its problems. It watches nothing itself: it is told of every changed file, and keeps its reads and
 * its validators between validations as the dev server's own process would.
 */
import { contentChanged, contentWatched } from "../contract/content.server.ts";
import type { ValidateOptions } from "./validate.ts";
import type { ValidationAnswer, ValidationRequest } from "./validation-process.ts";
import { validationReport } from "./validation-report.ts";

const options = JSON.parse(process.argv[2] ?? "{}") as Pick<ValidateOptions, "configDir" | "publicDir">;
contentWatched();
let asked: number | undefined;

/**
 * Validates once for every request that came while the last validation ran (they queue as it runs): the changes of a
 * burst of saves make one validation, answering the last of them.
 */
function validateWhatWasAsked() {
  const request = asked!;
  asked = undefined;
  let answer: ValidationAnswer;
  try {
    answer = { request, report: validationReport(options) };
  } catch (error) {
    answer = { request, failure: error instanceof Error ? error.message : String(error) };
  }
  process.send!(answer);
}

process.on("message", ({ request, changed }: ValidationRequest) => {
  for (const file of changed) contentChanged(file);
  if (asked === undefined) setImmediate(validateWhatWasAsked);
  asked = request;
});
// The dev server gone, so is its validation.
process.on("disconnect", () => process.exit(0));
