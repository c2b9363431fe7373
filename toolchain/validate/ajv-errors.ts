import type { ErrorObject } from "ajv";
import { configErrors } from "../../contract/errors.ts";
import { BLOCK_UNION_FILE, SCHEMA_BASE, type Validators } from "../../contract/schemas.server.ts";
import { iconsMeaning } from "../icon-meanings.ts";
import { toSegment } from "./positions.ts";
import { type Described, described } from "./problems.ts";
import { oddSitePath } from "./site-paths.ts";

/**
 * One ajv error as a catalogue problem, or undefined for the errors that only repeat others: the block union's
 * `if`/`then` reports "must match then" beside the block's own errors.
 */
export function describeAjvError(error: ErrorObject, validators: Validators): Described | undefined {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as {
    title?: string;
    description?: string;
    properties?: Record<string, unknown>;
    siteRef?: string;
  };
  const union = validators.ajv.getSchema(SCHEMA_BASE + BLOCK_UNION_FILE)?.schema as
    { properties: { type: unknown } } | undefined;
  switch (error.keyword) {
    case "if":
      return undefined;
    case "required":
      return parent === union && params.missingProperty === "type"
        ? described(pointer, configErrors.missingBlockType, { known: validators.blockTypes })
        : described(pointer, configErrors.required, { property: String(params.missingProperty) });
    case "additionalProperties": {
      const property = String(params.additionalProperty);
      return described(`${pointer}/${toSegment(property)}`, configErrors.unknownProperty, {
        property,
        allowed: Object.keys(parent.properties ?? {}),
      });
    }
    case "enum":
      return parent === union?.properties.type && typeof error.data === "string"
        ? described(pointer, configErrors.unknownBlockType, { type: error.data, known: validators.blockTypes })
        : parent.siteRef === "icon"
          ? described(pointer, configErrors.unknownIcon, {
              value: error.data,
              allowed: params.allowedValues as unknown[],
              meaning: typeof error.data === "string" ? iconsMeaning(error.data) : [],
            })
          : described(pointer, configErrors.notAllowed, {
              value: error.data,
              allowed: params.allowedValues as unknown[],
            });
    case "const":
      return described(pointer, configErrors.notAllowed, { value: error.data, allowed: [params.allowedValue] });
    case "maxLength":
      return described(pointer, configErrors.tooLong, { length: String(error.data).length, max: Number(params.limit) });
    case "minLength":
      return described(pointer, configErrors.tooShort, {
        length: String(error.data).length,
        min: Number(params.limit),
      });
    case "pattern": {
      const odd = typeof error.data === "string" ? oddSitePath(pointer, error.data) : undefined;
      if (odd) return odd;
      return parent.siteRef === "link"
        ? described(pointer, configErrors.badLink, { value: String(error.data) })
        : described(pointer, configErrors.badPattern, { value: String(error.data), description: parent.description });
    }
    case "type":
      return described(pointer, configErrors.wrongType, { expected: String(params.type) });
    case "minItems":
      return described(pointer, configErrors.tooFewItems, { min: Number(params.limit) });
    case "maxItems":
      return described(pointer, configErrors.tooManyItems, {
        count: (error.data as unknown[]).length,
        max: Number(params.limit),
      });
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return described(pointer, configErrors.outOfRange, {
        value: Number(error.data),
        bound: String(params.comparison),
        limit: Number(params.limit),
      });
    case "format":
      return described(pointer, configErrors.badFormat, { value: error.data, format: String(params.format) });
    default:
      return described(pointer, configErrors.invalid, { keyword: error.keyword });
  }
}
