import { findNodeAtLocation, parseTree } from "jsonc-parser";

/** Where one item of a document's `blocks` array is in its text. */
export interface Span {
  offset: number;
  length: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isBlank = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** The index of the quote that closes the string opening at `start`. */
function closingQuote(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/** One pass over the text, skipping strings whole: the spans of the items of the top-level object's `blocks`. */
function scan(text: string): Span[] {
  let spans: Span[] = [];
  let depth = 0;
  let inBlocks = false;
  let itemStart = -1;
  let itemEnd = -1;
  let key: string | undefined;
  const endItem = () => {
    if (itemStart !== -1) spans.push({ offset: itemStart, length: itemEnd - itemStart });
    itemStart = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isBlank(code)) continue;
    const char = text[i];
    if (inBlocks && depth === 2) {
      if (char === "," || char === "]") endItem();
      else if (itemStart === -1) itemStart = i;
    }
    if (code === QUOTE) {
      const end = closingQuote(text, i);
      if (depth === 1) key = text.slice(i + 1, end);
      i = end;
      itemEnd = i + 1;
      continue;
    }
    if (char === "[" || char === "{") {
      if (depth === 1 && char === "[" && key === "blocks") {
        // A repeated key: JSON.parse keeps the last one.
        spans = [];
        inBlocks = true;
      }
      depth++;
    } else if (char === "]" || char === "}") {
      depth--;
      if (depth === 1) inBlocks = false;
    } else if (depth === 1 && char !== ":") key = undefined;
    itemEnd = i + 1;
  }
  return spans;
}

/**
 * The spans of the `count` items of a document's `blocks` array, found without building the document's tree: a
 * migration run reads every page of the site, and a tree of each costs more than the rest of the run. The text is
 * valid JSON (it has been parsed). Should the pass not find the `count` items the parsed value holds (a key written
 * with escapes), the tree gives them.
 */
export function blockSpans(text: string, count: number): Span[] {
  const spans = scan(text);
  if (spans.length === count) return spans;
  const tree = parseTree(text)!;
  return Array.from({ length: count }, (_, i) => {
    const node = findNodeAtLocation(tree, ["blocks", i])!;
    return { offset: node.offset, length: node.length };
  });
}
