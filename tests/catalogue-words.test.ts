// @vitest-environment node
/**
 * The catalogue's words as people read them, over every entry: a sentence after a full stop starts with a capital,
 * the editor's "Title. Message. Hint." included, and no entry says its hint twice.
 */
import { describe, expect, it } from "vitest";
import { type AnyEntry, asSentence, catalogue } from "../contract/errors.ts";

const entries = Object.values(catalogue).flatMap((group) => Object.values(group) as AnyEntry[]);

/** The words a message is made of: the message itself, or the literal parts of its function's templates and strings. */
function messageTexts(entry: AnyEntry): string[] {
  if (typeof entry.message === "string") return [entry.message];
  const source = entry.message.toString();
  const templates = (source.match(/`(?:[^`\\]|\\.)*`/g) ?? []).map((literal) =>
    literal.slice(1, -1).replace(/\$\{[^}]*\}/g, "X"),
  );
  const strings = (source.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((literal) => literal.slice(1, -1));
  return [...templates, ...strings];
}

/** The start of what a message says, where its text is known: a string message, or a template that opens with words. */
function leadingText(entry: AnyEntry): string | undefined {
  if (typeof entry.message === "string") return entry.message;
  const template = /^\([^)]*\)\s*=>\s*`([^$`]+)/.exec(entry.message.toString().replace(/\s+/g, " "));
  return template?.[1];
}

/** The sentences of `text` that start in lower case after a full stop, a question or an exclamation mark. */
function lowerCaseSentences(text: string): string[] {
  const prose = text
    .replace(/`[^`]*`/g, "`code`")
    .replace(/\b(e\.g|i\.e|etc|vs)\./g, "$1")
    // A numbered step may start with the command it runs ("2. npm run dev").
    .replace(/(^|\s)\d+\.\s/g, "$1Step ");
  return [...prose.matchAll(/[.!?]\s+[a-z]\S*/g)].map((match) => match[0]);
}

/** A hint's words, to compare with a message's: in lower case, without the final stop. */
const words = (text: string) =>
  text
    .trim()
    .replace(/[.!?]$/, "")
    .toLowerCase();

describe("the catalogue's words", () => {
  it("start every sentence after a full stop with a capital, in titles, messages and hints", () => {
    const found = entries.flatMap((entry) =>
      [entry.title, entry.hint, ...messageTexts(entry)].flatMap((text) =>
        lowerCaseSentences(text).map((sentence) => `${entry.code}: …${sentence}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it("start a hint with a capital, or with the command or file it names", () => {
    const found = entries.filter((entry) => /^[a-z]/.test(entry.hint) && !/^[a-z-]+ |^[\w./-]+\//.test(entry.hint));
    expect(found.map((entry) => `${entry.code}: ${entry.hint}`)).toEqual([]);
  });

  it("show each message after its title as a sentence that starts with a capital (the editor's “Title. Message.”)", () => {
    const found = entries.flatMap((entry) => {
      const lead = leadingText(entry);
      if (lead === undefined) return [];
      const sentence = asSentence(lead);
      // A path, a value in quotes or a tool's name keeps its own case.
      return /^[a-z]+[\s,;:—]/.test(sentence) && !/^(nginx|haproxy|fsync|npm|npx|git|tsx|node|vitest)\b/.test(sentence)
        ? [`${entry.code}: ${entry.title}. ${sentence}`]
        : [];
    });
    expect(found).toEqual([]);
    expect(asSentence("section 'travel-proof' is placed on 2 pages")).toBe(
      "Section 'travel-proof' is placed on 2 pages.",
    );
    expect(asSentence("the address '/fr/offres' is already used")).toBe("The address '/fr/offres' is already used.");
    expect(asSentence("site-config/site.json declares no locale")).toBe("site-config/site.json declares no locale.");
    expect(asSentence("'x' is not a valid slug")).toBe("'x' is not a valid slug.");
    expect(asSentence("nginx is not installed")).toBe("nginx is not installed.");
  });

  it("say each hint once: not in the message it follows, and no sentence of it twice", () => {
    const found = entries.flatMap((entry) => {
      const hint = words(entry.hint);
      const sentences = entry.hint.split(/(?<=[.!?])\s+/).map(words);
      const inMessage = messageTexts(entry).some((text) => text.toLowerCase().includes(hint));
      const twice = new Set(sentences).size !== sentences.length;
      return inMessage || twice ? [`${entry.code}: ${entry.hint}`] : [];
    });
    expect(found).toEqual([]);
  });
});
