import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";
import { catalogueError, teamPeopleErrors } from "../../contract/errors.ts";
import type { Role } from "./roles.ts";

/** The people file, reviewed like code: who may sign in, and with which role. */
export const PEOPLE_FILE = "editor-team.json";
const SCHEMA_FILE = path.join(import.meta.dirname, "..", "..", "schemas", "editor-team.schema.json");

export interface People {
  people: Record<string, Role>;
  domains: Record<string, Role>;
}

/** The role of an address: its own entry first, then its domain's; undefined means it may not sign in. */
export function roleOf(people: People, email: string): Role | undefined {
  const address = email.trim().toLowerCase();
  const own = Object.hasOwn(people.people, address) ? people.people[address] : undefined;
  if (own) return own;
  const domain = address.slice(address.lastIndexOf("@") + 1);
  return address.includes("@") && Object.hasOwn(people.domains, domain) ? people.domains[domain] : undefined;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Reads and checks the people file of a repository; every problem names its file:line:column. */
export function readPeople(root: string): People {
  const file = path.join(root, PEOPLE_FILE);
  if (!existsSync(file)) throw catalogueError(teamPeopleErrors.missing, { file: PEOPLE_FILE });
  return parsePeople(readFileSync(file, "utf8"));
}

/** Checks the people file's text; every problem names its file:line:column. */
export function parsePeople(text: string): People {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (!tree || errors.length > 0) {
    const first = errors[0];
    const at = lineColumn(text, first?.offset ?? 0);
    const problem = first ? printParseErrorCode(first.error) : "empty file";
    throw catalogueError(teamPeopleErrors.syntax, { file: PEOPLE_FILE, ...at, problem });
  }
  const data: unknown = JSON.parse(text);
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as object;
  const validate = new Ajv({ allErrors: true, strict: true }).compile<People>(schema);
  if (validate(data)) return data;
  const error = validate.errors?.[0];
  const pointer = error?.instancePath ?? "";
  const segments = pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  // A bad key (propertyNames) is reported at its own property.
  const propertyName = error?.propertyName;
  const node = findNodeAtLocation(tree, propertyName ? [...segments, propertyName] : segments);
  const at = lineColumn(text, (node?.parent?.type === "property" ? node.parent : node)?.offset ?? 0);
  const where = propertyName ? `${pointer}/${propertyName}` : pointer;
  throw catalogueError(teamPeopleErrors.invalid, {
    file: PEOPLE_FILE,
    ...at,
    pointer: where,
    problem: problemOf(error),
  });
}

function problemOf(error: ErrorObject | undefined): string {
  if (error?.keyword === "enum") return "must be viewer, author, publisher or admin";
  if (error?.propertyName !== undefined) {
    return error.instancePath === "/people"
      ? "must be an address in lower case, such as jane@company.com"
      : "must be a domain in lower case, without @, such as company.com";
  }
  return error?.message ?? "";
}
