import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** Rows rendered beyond the window's edges, so that scrolling and Tab find the next rows there already. */
const MARGIN = 12;
/**
 * The rows in view are noted in steps of this many: the table renders again every few rows scrolled, not at every
 * row's edge (the margin covers the rows in between).
 */
const STEP = 6;
/** A row's height until one is measured (a row of the page list at 1366 px). */
const FIRST_GUESS = 62;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/** Where the keyboard's focus goes in the row it moves to: the control in the same cell as the one it leaves. */
interface FocusTarget {
  row: number;
  cell: number;
  control: number;
}

/** The rows in the window, in steps, by where the table's body is in it; not bounded by the number of rows. */
interface View {
  first: number;
  last: number;
}

const viewOf = (top: number, rowHeight: number): View => ({
  first: Math.floor(Math.floor(-top / rowHeight) / STEP) * STEP,
  last: Math.ceil(Math.ceil((window.innerHeight - top) / rowHeight) / STEP) * STEP,
});

/**
 * A table body that renders only the rows in the window and a margin around them (a site of 10,000 pages would
 * otherwise put 10,000 rows in the page), with spacers above and below that keep the scroll bar and the page's
 * height as they would be. Every row has one height, measured from a rendered row (CSS sets it), so that where each
 * row is follows from its index: scrolling anywhere, to the end included, renders the rows there at once.
 *
 * The page scrolls, not the table: the rows in view follow from where the body is in the window, noted at each scroll,
 * resize of the window and change of the body's size (rows found or gone). From the keyboard, ↑ and ↓ move the focus
 * to the row above or below (to the control in the same cell, else the row's first), Page Up and Page Down by a
 * window's worth, Home and End to the first and last row; a row not rendered yet is rendered, then focused, and the
 * browser scrolls it into view. `focusRow` does the same from outside (↓ in the search box).
 */
export function useWindowedRows(count: number) {
  const [body, setBody] = useState<HTMLTableSectionElement | null>(null);
  const [rowHeight, setRowHeight] = useState(FIRST_GUESS);
  const [view, setView] = useState<View>(() => viewOf(0, FIRST_GUESS));
  const pending = useRef<FocusTarget | null>(null);

  useEffect(() => {
    if (!body) return;
    const follow = () => {
      // Every row has the height CSS gives it (a card's on a phone): the first rendered one tells it.
      const measured = body.querySelector("tr[data-row]")?.getBoundingClientRect().height ?? 0;
      const height = measured > 0 ? measured : rowHeight;
      if (height !== rowHeight) setRowHeight(height);
      const next = viewOf(body.getBoundingClientRect().top, height);
      setView((shown) => (shown.first === next.first && shown.last === next.last ? shown : next));
    };
    // Where there is no ResizeObserver (jsdom, in the unit tests), the window's scroll and resize are followed alone.
    const resized = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(follow);
    resized?.observe(body);
    window.addEventListener("scroll", follow, { passive: true });
    window.addEventListener("resize", follow);
    return () => {
      resized?.disconnect();
      window.removeEventListener("scroll", follow);
      window.removeEventListener("resize", follow);
    };
  }, [body, rowHeight]);

  useLayoutEffect(() => {
    const target = pending.current;
    const landing = target && body?.querySelector<HTMLElement>(`tr[data-row="${target.row}"]`);
    if (!target || !landing) return;
    pending.current = null;
    const cell = landing.children[target.cell];
    const controls = cell ? [...cell.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
    (controls[target.control] ?? controls[0] ?? landing.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  });

  /** Renders row `row` (with its neighbours) and puts the focus on its control in cell `cell`. */
  const focusRow = useCallback(
    (row: number, cell = 0, control = 0) => {
      if (count === 0) return;
      const index = Math.max(0, Math.min(count - 1, row));
      pending.current = { row: index, cell, control };
      const rows = Math.ceil(window.innerHeight / rowHeight);
      // A new view renders the row where it is not yet; the same one renders again, to focus it.
      setView((shown) =>
        index >= shown.first - MARGIN && index < shown.last + MARGIN
          ? { ...shown }
          : { first: index - rows, last: index + rows },
      );
    },
    [count, rowHeight],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.altKey || event.metaKey || event.shiftKey) return;
      const from = event.target as HTMLElement;
      const row = from.closest<HTMLElement>("tr[data-row]");
      if (!row || from.matches("input, select, textarea")) return;
      const index = Number(row.dataset.row);
      const page = Math.max(1, Math.floor(window.innerHeight / rowHeight) - 1);
      const moves: Record<string, number> = {
        ArrowDown: index + 1,
        ArrowUp: index - 1,
        PageDown: index + page,
        PageUp: index - page,
        Home: 0,
        End: count - 1,
      };
      const to = moves[event.key];
      if (to === undefined || (event.ctrlKey && event.key !== "Home" && event.key !== "End")) return;
      event.preventDefault();
      const cell = from.closest("td, th");
      const cellIndex = cell ? [...row.children].indexOf(cell) : 0;
      const control = cell ? [...cell.querySelectorAll(FOCUSABLE)].indexOf(from) : 0;
      focusRow(to, Math.max(0, cellIndex), Math.max(0, control));
    },
    [count, rowHeight, focusRow],
  );

  const start = Math.max(0, Math.min(count, view.first - MARGIN));
  const end = Math.max(start, Math.min(count, view.last + MARGIN));
  return {
    /** Attaches the table body (its `ref`). */
    attach: setBody,
    /** The first row to render and the one after the last. */
    start,
    end,
    /** The height of the rows above and below those rendered, for the spacers. */
    before: start * rowHeight,
    after: (count - end) * rowHeight,
    onKeyDown,
    focusRow,
  };
}
