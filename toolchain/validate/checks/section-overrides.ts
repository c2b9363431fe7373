import { sectionErrors } from "../../../contract/errors.ts";
import { describeAjvError } from "../ajv-errors.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";

/** An override fits the field it replaces: what the block's schema finds wrong inside that field is said at the override. */
export const sectionOverrides: Check = ({ sectionFiles, pages, validators, relative }) => {
  const { problems, report } = findings(relative);
  for (const { source, placing } of [...sectionFiles, ...pages])
    for (const { pointer, name, section, errors } of placing.overrides)
      for (const error of errors) {
        const problem = describeAjvError(error, validators);
        if (problem)
          report(source, pointer, sectionErrors.invalidOverride, { name, section, problem: problem.message });
      }
  return problems;
};
