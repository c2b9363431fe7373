/**
 * Three-way merge of two versions of a JSON document made from one base: what each side changed is kept, and only a
 * field both changed in different ways is a conflict, left to a person to choose. Pure: no files, no words.
 */

type Json = unknown;
type Record_ = Record<string, Json>;

/** Which side a person chose to keep for a conflict. */
export type Side = "theirs" | "mine";

/** Choices made for earlier conflicts, by the conflict's path. */
export type Choices = Readonly<Record<string, Side>>;

/**
 * A field (or a block, or a whole list of plain values) both sides changed in different ways. `undefined` is a value
 * absent on that side: a field removed, a block deleted.
 */
export interface Conflict {
  /** The JSON pointer of the place in the merged document (`merged` below), "" for the whole document. */
  path: string;
  base: Json;
  theirs: Json;
  mine: Json;
}

export interface Merge {
  /**
   * The merged document. While conflicts remain, each conflicting place holds "mine" (a block one side deleted and the
   * other changed is kept), so that every conflict's path names its place in it: a document to describe the conflicts
   * with, not one to write.
   */
  merged: Json;
  /** The conflicts no choice settled, in the document's order. */
  conflicts: Conflict[];
}

const isRecord = (value: Json): value is Record_ =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const same = (a: Json, b: Json): boolean => {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    return (
      keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length &&
      keys.every((key) => same(a[key], b[key]))
    );
  }
  return false;
};

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** A list of records (blocks, cards, links) is merged item by item; any other list is one value, like a field's. */
const isListOfRecords = (...lists: Json[][]) => lists.every((list) => list.every(isRecord));

const idOf = (item: Json) => (isRecord(item) && typeof item.id === "string" && item.id !== "" ? item.id : undefined);
const typeOf = (item: Json) => (isRecord(item) ? item.type : undefined);

/**
 * Which base item each item of one side continues, or -1 for an item the side added. An item with an `id` continues
 * the base item with the same id; the others are paired in order (the pairing that keeps the most items, equal items
 * counting more than items of the same type that changed), so that a block inserted above does not make every block
 * below it look changed.
 */
function pairWithBase(base: Json[], side: Json[]): number[] {
  const pairs = side.map(() => -1);
  const baseById = new Map<string, number>();
  base.forEach((item, i) => {
    const id = idOf(item);
    if (id !== undefined && !baseById.has(id)) baseById.set(id, i);
  });
  const usedBase = new Set<number>();
  side.forEach((item, j) => {
    const at = baseById.get(idOf(item) ?? "");
    if (at !== undefined && !usedBase.has(at)) {
      pairs[j] = at;
      usedBase.add(at);
    }
  });
  const b = base.flatMap((item, i) => (usedBase.has(i) || idOf(item) !== undefined ? [] : [i]));
  const s = side.flatMap((item, j) => (pairs[j] !== -1 || idOf(item) !== undefined ? [] : [j]));
  const weight = (i: number, j: number) =>
    same(base[b[i]], side[s[j]]) ? 3 : typeOf(base[b[i]]) === typeOf(side[s[j]]) ? 1 : 0;
  // best[i][j]: the most weight pairing b[i..] with s[j..] can keep, items in order.
  const best = b.map(() => s.map(() => 0));
  const at = (i: number, j: number) => (i < b.length && j < s.length ? best[i][j] : 0);
  for (let i = b.length - 1; i >= 0; i--)
    for (let j = s.length - 1; j >= 0; j--) {
      const w = weight(i, j);
      best[i][j] = Math.max(at(i + 1, j), at(i, j + 1), w > 0 ? w + at(i + 1, j + 1) : 0);
    }
  for (let i = 0, j = 0; i < b.length && j < s.length;) {
    const w = weight(i, j);
    if (w > 0 && best[i][j] === w + at(i + 1, j + 1)) pairs[s[j++]] = b[i++];
    else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return pairs;
}

/** One item of a merged list: its versions on each side (undefined where the side has none). */
interface Entry {
  key: string;
  base?: Json;
  theirs?: Json;
  mine?: Json;
}

/** Whether a side kept the base items it kept in the base's order. */
const keptOrder = (pairs: number[]) => {
  const kept = pairs.filter((i) => i !== -1);
  return kept.every((i, n) => n === 0 || kept[n - 1] < i);
};

/**
 * The items of the merged list, in order: the order of the side that reordered the list (mine when both did, or
 * neither), with the items only the other side has placed after the item they follow there. `contested` when both
 * reordered the items they kept from the base, differently: whose order the list takes is then a person's choice, and
 * `theirOrder` is the list in their order, with the same entries.
 */
function entriesOf(
  base: Json[],
  theirs: Json[],
  mine: Json[],
): {
  entries: Entry[];
  contested: boolean;
  theirOrder: () => Entry[];
} {
  const theirPairs = pairWithBase(base, theirs);
  const myPairs = pairWithBase(base, mine);
  const keyOf = (side: "t" | "m", j: number, pairs: number[], item: Json) =>
    pairs[j] !== -1 ? `b${pairs[j]}` : idOf(item) !== undefined ? `id:${idOf(item)}` : `${side}${j}`;
  const theirKeys = theirs.map((item, j) => keyOf("t", j, theirPairs, item));
  const myKeys = mine.map((item, k) => keyOf("m", k, myPairs, item));
  // Two sides that added the same item in the same place added it once.
  const myAdded = new Set(myKeys.filter((key) => !key.startsWith("b")));
  theirKeys.forEach((key, j) => {
    if (key.startsWith("b") || myAdded.has(key)) return;
    const twin = myKeys.findIndex(
      (mineKey, k) => mineKey.startsWith("m") && same(mine[k], theirs[j]) && myKeys[k - 1] === theirKeys[j - 1],
    );
    if (twin !== -1) myKeys[twin] = key;
  });

  const entries = new Map<string, Entry>();
  const entry = (key: string) => entries.get(key) ?? entries.set(key, { key }).get(key)!;
  base.forEach((item, i) => (entry(`b${i}`).base = item));
  theirs.forEach((item, j) => (entry(theirKeys[j]).theirs = item));
  mine.forEach((item, k) => (entry(myKeys[k]).mine = item));

  /** The keys with `leading`'s order, the items only `following` has placed after the item they follow there. */
  const ordered = (leading: string[], following: string[]) => {
    // Base items neither side has any more are left out; one only the following side has is placed like an added one.
    const order = [...leading];
    let anchor = -1;
    for (const key of following) {
      const placed = order.indexOf(key);
      if (placed !== -1) anchor = placed;
      else order.splice(++anchor, 0, key);
    }
    return order.map((key) => entries.get(key)!);
  };
  const theirsFirst = !keptOrder(theirPairs) && keptOrder(myPairs);
  // The base items both kept, in each side's order: the same sequence unless both moved them differently.
  const keptByBoth = (keys: string[], other: string[]) =>
    keys.filter((key) => key.startsWith("b") && other.includes(key));
  const contested =
    !keptOrder(theirPairs) &&
    !keptOrder(myPairs) &&
    keptByBoth(theirKeys, myKeys).join() !== keptByBoth(myKeys, theirKeys).join();
  return {
    entries: theirsFirst ? ordered(theirKeys, myKeys) : ordered(myKeys, theirKeys),
    contested,
    theirOrder: () => ordered(theirKeys, myKeys),
  };
}

/** Merges one value at `place` (its path), which is an item of a list or not. */
type Merger = (base: Json, theirs: Json, mine: Json, place: string, isItem?: boolean) => Json;

/**
 * Whose order a list both sides reordered differently takes: the side chosen for it, or, with no choice yet, mine
 * for now with the list's order a conflict at `place`.
 */
type OrderOf = (base: Json[], theirs: Json[], mine: Json[], place: string) => Side;

function mergeList(
  base: Json[],
  theirs: Json[],
  mine: Json[],
  place: string,
  merge: Merger,
  dropped: Json,
  orderOf: OrderOf,
): Json[] {
  const { entries, contested, theirOrder } = entriesOf(base, theirs, mine);
  const side = contested ? orderOf(base, theirs, mine, place) : "mine";
  // Items are merged (and their paths counted) in one order whatever the choice, so that a choice made for a field
  // inside an item still names it; the list then takes the order chosen.
  const merged = new Map<Entry, Json>();
  let index = 0;
  for (const item of entries) {
    const inBase = "base" in item;
    const hasTheirs = item.theirs !== undefined;
    const hasMine = item.mine !== undefined;
    // A side that deleted an item the other did not change deleted it.
    if (inBase && !hasTheirs && (!hasMine || same(item.base, item.mine))) continue;
    if (inBase && !hasMine && same(item.base, item.theirs)) continue;
    const value = merge(item.base, item.theirs, item.mine, `${place}/${index++}`, true);
    if (value !== dropped) merged.set(item, value);
  }
  const order = side === "theirs" ? theirOrder() : entries;
  return order.flatMap((item) => (merged.has(item) ? [merged.get(item)] : []));
}

function mergeRecord(base: Json, theirs: Record_, mine: Record_, place: string, merge: Merger): Record_ {
  const old = isRecord(base) ? base : {};
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(old)])];
  const out: Record_ = {};
  for (const key of keys) {
    const value = merge(old[key], theirs[key], mine[key], `${place}/${escape(key)}`);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * Merges `mine` and `theirs`, two versions of `base`: a field one side changed takes that side's value; blocks (and
 * any list of records) are matched by their `id`, else by their place, and merged field by field, an item added by
 * either side kept, one deleted by a side deleted unless the other changed it (then a conflict); a list both sides
 * reordered differently asks whose order it takes (a conflict at the list's path, its items still merged); a list of
 * plain values is one field. A conflict a choice settles takes the chosen side's value.
 */
export function mergeDocuments(base: Json, theirs: Json, mine: Json, choices: Choices = {}): Merge {
  const open = mergeOnce(base, theirs, mine, {});
  const unsettled = open.conflicts.filter((conflict) => !choices[conflict.path]);
  if (unsettled.length > 0 || open.conflicts.length === 0) return { merged: open.merged, conflicts: unsettled };
  return mergeOnce(base, theirs, mine, choices);
}

/** One pass of the merge. Paths count every item the merge keeps or contests, so they are the same with choices. */
function mergeOnce(base: Json, theirs: Json, mine: Json, choices: Choices): Merge {
  const conflicts: Conflict[] = [];
  // What a merged list leaves out: a deleted item chosen over a changed one.
  const dropped = Symbol("dropped");
  const orderOf: OrderOf = (old, their, my, place) => {
    const chosen = choices[place];
    if (chosen) return chosen;
    conflicts.push({ path: place, base: old, theirs: their, mine: my });
    return "mine";
  };
  const merge: Merger = (old, their, my, place, isItem = false) => {
    if (same(their, my) || same(old, their)) return my;
    if (same(old, my)) return their;
    if (isRecord(their) && isRecord(my) && (isRecord(old) || old === undefined))
      return mergeRecord(old, their, my, place, merge);
    if (Array.isArray(old) && Array.isArray(their) && Array.isArray(my) && isListOfRecords(old, their, my))
      return mergeList(old, their, my, place, merge, dropped, orderOf);
    const chosen = choices[place];
    if (chosen) {
      const value = chosen === "mine" ? my : their;
      return value === undefined && isItem ? dropped : value;
    }
    conflicts.push({ path: place, base: old, theirs: their, mine: my });
    return my === undefined && isItem ? their : my;
  };

  const merged = merge(base, theirs, mine, "");
  return { merged: merged === dropped ? undefined : merged, conflicts };
}
