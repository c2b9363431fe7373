/** Where a JSON pointer lands in a file's text, as line and column (1-based, as editors and SARIF count). */
import { type Node, findNodeAtLocation, parseTree } from "jsonc-parser";

/** A file's text and, once something has been located in it, its syntax tree. */
export interface JsonText {
  text: string;
  tree?: Node;
}

interface Position {
  line: number;
  column: number;
}

/** Where a problem sits in its file: from its first character to just after its last. */
export type Span = Position & { endLine: number; endColumn: number };

function lineColumn(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export function spanOf(text: string, offset: number, length: number): Span {
  const start = lineColumn(text, offset);
  const end = lineColumn(text, offset + length);
  return { ...start, endLine: end.line, endColumn: end.column };
}

/** One segment of a JSON pointer, escaped. */
export const toSegment = (s: string | number) => String(s).replace(/~/g, "~0").replace(/\//g, "~1");

/** A JSON pointer as the path jsonc-parser walks: its segments unescaped, array indexes as numbers. */
const pathOf = (pointer: string) =>
  pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/**
 * Where a pointer lands in the file: from the property's key when it has one, else the value, else its nearest
 * ancestor, to the end of that value.
 */
export function locate(source: JsonText, pointer: string): Span {
  source.tree ??= parseTree(source.text);
  if (!source.tree) return spanOf(source.text, 0, 0);
  const path = pathOf(pointer);
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(source.tree, path.slice(0, n));
    if (!node) continue;
    const whole = node.parent?.type === "property" ? node.parent : node;
    return spanOf(source.text, whole.offset, whole.length);
  }
  return spanOf(source.text, 0, 0);
}

/** Whether the file's text writes the value at `pointer`, rather than validation filling it in from a default. */
export function writes(source: JsonText, pointer: string): boolean {
  source.tree ??= parseTree(source.text);
  return !source.tree || findNodeAtLocation(source.tree, pathOf(pointer)) !== undefined;
}
