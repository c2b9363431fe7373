import { lucideExports } from "../contract/icon-catalog.ts";
import type { IconName } from "../contract/generated/schema-types.ts";

/** The index just past the string literal (quote "…", '…' or `…`) that starts at `start`. */
function skipString(code: string, start: number): number {
  const quote = code[start];
  let i = start + 1;
  while (i < code.length && code[i] !== quote) i += code[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** The index just past the `}` that closes the `{` at `start`, over nested braces and string literals. */
function skipBraces(code: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === "`") {
      i = skipString(code, i);
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
    i++;
  }
  return i;
}

/** The source of the `name` attribute's value of the JSX tag whose attributes start at `start`, if it has one. */
function nameAttribute(code: string, start: number): string | undefined {
  let i = start;
  while (i < code.length && code[i] !== ">") {
    const c = code[i]!;
    if (c === "{") {
      i = skipBraces(code, i);
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipString(code, i);
      continue;
    }
    const attribute = /^[\w-]+/.exec(code.slice(i, i + 64))?.[0];
    if (!attribute) {
      i++;
      continue;
    }
    i += attribute.length;
    if (code[i] !== "=") continue;
    const valueStart = i + 1;
    const valueEnd = code[valueStart] === "{" ? skipBraces(code, valueStart) : skipString(code, valueStart);
    if (attribute === "name") return code.slice(valueStart, valueEnd);
    i = valueEnd;
  }
  return undefined;
}

/**
 * The icons a component names in its code: every icon name written as a string in the `name` of an <Icon> or
 * <IconTile>, whether fixed (`name="check"`), a fallback or a choice (`name={item.icon ?? "check"}`,
 * `name={open ? "x" : "menu"}`), however the expression nests braces.
 */
export function iconsNamedInCode(code: string): IconName[] {
  const found: IconName[] = [];
  for (const tag of code.matchAll(/<(?:Icon|IconTile)\b/g)) {
    const value = nameAttribute(code, tag.index + tag[0].length);
    if (value === undefined) continue;
    for (const [, name] of value.matchAll(/["'`]([a-z0-9-]+)["'`]/g))
      if (name! in lucideExports) found.push(name as IconName);
  }
  return found;
}
