// @vitest-environment node
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { catalogueError, configErrors, formatCatalogueError } from "../contract/errors.ts";
import { reportError } from "./report-error.server.ts";

const invalid = () =>
  catalogueError(configErrors.invalidAtLoad, {
    problems: "site-config/pages/about.json:3:5  /title  CFG005 unknown property 'titel'",
  });

describe("an error of a request, as the renderer prints it", () => {
  it("is the catalogue's lines alone for content that cannot be shown: code, message, what to do; no stack", () => {
    const printed: unknown[] = [];
    reportError(invalid(), (value) => printed.push(value));
    expect(printed).toEqual([formatCatalogueError(invalid())]);
    expect(String(printed[0])).not.toMatch(/^\s+at /m);
  });

  it("is the error itself, stack and all, for anything else", () => {
    const printed: unknown[] = [];
    const error = new TypeError("Cannot read properties of undefined");
    reportError(error, (value) => printed.push(value));
    expect(printed).toEqual([error]);
  });

  it("shows a catalogue error printed whole by another tool with its code and hint, not its entry's functions", () => {
    const shown = inspect(invalid());
    expect(shown).toContain("code: 'CFG024'");
    expect(shown).toContain(`hint: '${configErrors.invalidAtLoad.hint.replace(/'/g, "\\'")}'`);
    expect(shown).not.toContain("[Function");
    expect(invalid().entry).toBe(configErrors.invalidAtLoad);
  });
});
