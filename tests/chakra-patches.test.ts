import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CatalogueError } from "../contract/errors.ts";
import {
  EAGER_GLOBAL_CSS,
  SYSTEM_MODULE,
  THEME_CALLS,
  dropEagerGlobalCss,
  markThemeCallsPure,
} from "../scripts/pipeline/chakra-patches.ts";
import { catalogueErrorOf } from "./support/catalogue-error.ts";

const chakraPackage = createRequire(import.meta.url).resolve("@chakra-ui/react/package.json");
const chakraVersion = (JSON.parse(fs.readFileSync(chakraPackage, "utf8")) as { version: string }).version;
/** A dist file of the installed @chakra-ui/react. */
const installed = (file: string) => fs.readFileSync(path.join(path.dirname(chakraPackage), file), "utf8");

const expectRefusal = (error: CatalogueError, file: string, expected: string) => {
  expect(error.code).toBe("BUILD003");
  expect(error.message).toContain(`@chakra-ui/react ${chakraVersion}: ${file} no longer matches`);
  expect(error.message).toContain(`expected \`${expected}\``);
  expect(error.message).toContain("scripts/pipeline/chakra-patches.ts");
};

describe("the patches of @chakra-ui/react's dist files", () => {
  it.each(Object.entries(THEME_CALLS))("marks the theme calls of the installed %s pure", (file, calls) => {
    const patched = markThemeCallsPure(file, installed(file));
    for (const call of calls) {
      const [binding, callee] = call.split(" = ");
      expect(patched).toContain(`${binding} = /* @__PURE__ */ ${callee}`);
    }
  });

  it.each(Object.entries(THEME_CALLS))("refuses a %s whose theme calls changed", (file, calls) => {
    const changed = installed(file).replace(calls.at(-1)!, calls.at(-1)!.replace("(", "Of("));
    expectRefusal(
      catalogueErrorOf(() => markThemeCallsPure(file, changed)),
      file,
      calls.at(-1)!,
    );
  });

  it("leaves the global CSS out of the installed styled-system", () => {
    const patched = dropEagerGlobalCss(installed(SYSTEM_MODULE));
    expect(patched).not.toContain(EAGER_GLOBAL_CSS);
    expect(patched).toContain("const _global = [];");
  });

  it("refuses a styled-system that computes its global CSS otherwise", () => {
    const changed = installed(SYSTEM_MODULE).replace(EAGER_GLOBAL_CSS, "const _global = globalCss();");
    expectRefusal(
      catalogueErrorOf(() => dropEagerGlobalCss(changed)),
      SYSTEM_MODULE,
      EAGER_GLOBAL_CSS,
    );
  });
});
