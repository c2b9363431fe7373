// @vitest-environment node
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPeople, roleOf } from "./people.ts";

function repoWith(text: string | undefined): string {
  const root = mkdtempSync(path.join(tmpdir(), "people-"));
  if (text !== undefined) writeFileSync(path.join(root, "editor-team.json"), text);
  return root;
}

describe("the people file", () => {
  it("gives an address's own role before its domain's, and nobody else a role", () => {
    const people = readPeople(
      repoWith(
        JSON.stringify({ people: { "ada@company.com": "admin" }, domains: { "company.com": "viewer" } }, null, 2),
      ),
    );
    expect(roleOf(people, "Ada@Company.com")).toBe("admin");
    expect(roleOf(people, "bob@company.com")).toBe("viewer");
    expect(roleOf(people, "eve@company.com.evil.io")).toBeUndefined();
    expect(roleOf(people, "eve@evil.io")).toBeUndefined();
    expect(roleOf(people, "company.com")).toBeUndefined();
  });

  it("of this repository is valid", () => {
    expect(() => readPeople(path.resolve(import.meta.dirname, "..", ".."))).not.toThrow();
  });

  it("refuses a missing file", () => {
    expect(() => readPeople(repoWith(undefined))).toThrow(
      expect.objectContaining({
        code: "TEAM_PEOPLE_MISSING",
        message: "editor-team.json does not exist: nobody could sign in",
      }),
    );
  });

  it("names the line of a JSON syntax error", () => {
    expect(() => readPeople(repoWith('{\n  "people": {},\n  "domains": {},\n}\n'))).toThrow(
      expect.objectContaining({ code: "TEAM_PEOPLE_SYNTAX", message: "editor-team.json:4:1  PropertyNameExpected" }),
    );
  });

  it("names the file, line and pointer of an unknown role", () => {
    const text = '{\n  "people": {\n    "ada@company.com": "owner"\n  },\n  "domains": {}\n}\n';
    expect(() => readPeople(repoWith(text))).toThrow(
      expect.objectContaining({
        code: "TEAM_PEOPLE_INVALID",
        message: "editor-team.json:3:5  /people/ada@company.com  must be viewer, author, publisher or admin",
      }),
    );
  });

  it("names the line of an entry that is not an address", () => {
    const text = '{\n  "people": {},\n  "domains": {\n    "@company.com": "viewer"\n  }\n}\n';
    expect(() => readPeople(repoWith(text))).toThrow(
      expect.objectContaining({
        code: "TEAM_PEOPLE_INVALID",
        message:
          "editor-team.json:4:5  /domains/@company.com  must be a domain in lower case, without @, such as company.com",
      }),
    );
  });
});
