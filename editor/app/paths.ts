/** A location in a JSON document: keys and array indexes from its root. */
export type Path = (string | number)[];

const escape = (segment: string | number) => String(segment).replace(/~/g, "~0").replace(/\//g, "~1");

/** The JSON pointer the validator reports for a path ("/blocks/0/heading"). */
export const pointerOf = (path: Path) => path.map((segment) => `/${escape(segment)}`).join("");

/** A copy of `root` with the value at `path` replaced (undefined removes an object key); untouched parts are shared. */
export function setIn(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setIn(root[head as number], rest, value);
    return copy;
  }
  const object = (root ?? {}) as Record<string, unknown>;
  const next = setIn(object[head as string], rest, value);
  if (next === undefined && rest.length === 0) {
    const others = { ...object };
    delete others[head as string];
    return others;
  }
  return { ...object, [head as string]: next };
}

/** Moves the item at `from` to index `to` in a copy of the array. */
export function move<T>(items: T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}
