// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MESSAGES_END, MESSAGES_START, withMessageTables } from "../scripts/docs/message-tables.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("the message tables of docs/validation.md (npm run docs)", () => {
  it("are regenerated between the markers, the text around them kept", () => {
    const page = `# Validation\n\nBefore.\n\n${MESSAGES_START}\n\n| stale |\n\n${MESSAGES_END}\n\nAfter.\n`;
    const text = withMessageTables(page);
    expect(text).not.toContain("| stale |");
    expect(text.startsWith(`# Validation\n\nBefore.\n\n${MESSAGES_START}\n\n| Code | Problem | What to do |`)).toBe(
      true,
    );
    expect(text).toContain("| `CFG001` | Invalid JSON | A comma, quote or bracket is missing or extra at that line");
    expect(text).toContain("The lead form's messages to visitors, and what to check when one appears:");
    expect(text).toContain("| `FORM001` | API unreachable |");
    expect(text.endsWith(`${MESSAGES_END}\n\nAfter.\n`)).toBe(true);
  });

  it("are added at the end of a page that lost its markers, so that `npm run docs:check` fails", () => {
    const text = withMessageTables("# Validation\n");
    expect(text.startsWith(`# Validation\n\n## Messages\n\n${MESSAGES_START}\n\n| Code | Problem | What to do |`)).toBe(
      true,
    );
    expect(text.endsWith(`${MESSAGES_END}\n`)).toBe(true);
  });

  it("live in docs/validation.md, whose markers README.md no longer carries", () => {
    const validation = fs.readFileSync(path.join(root, "docs", "validation.md"), "utf8");
    expect(validation).toContain(MESSAGES_START);
    expect(validation).toContain(MESSAGES_END);
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8")).not.toContain(MESSAGES_START);
  });
});
