import { type ReactNode, type Ref, useId, useImperativeHandle } from "react";
import { useWindowedRows } from "./useWindowedRows.ts";
import "./page-table.css";

/** What the table lets the rest of its view do: move the keyboard's focus into a row (↓ in the search box). */
export interface RowsHandle {
  focusRow: (row: number) => void;
}

/** The height of rows not rendered, above or below those that are; hidden from screen readers, which count by aria-rowcount. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr className="windowed-spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

/**
 * A table of many rows (a site's pages) that renders only those in the window and a margin around them
 * (useWindowedRows.ts), each row the same height: screen readers still hear how many rows it has (`aria-rowcount`,
 * the head's row included) and where each rendered row is (`aria-rowindex`), and the keyboard reaches every row with
 * the arrow keys, Page Up and Page Down, Home and End.
 */
export function WindowedTable<Row>({
  rows,
  head,
  columns,
  row,
  keyOf,
  label,
  className,
  hidden,
  ref,
}: {
  rows: readonly Row[];
  /** The head's cells. */
  head: ReactNode;
  columns: number;
  /** A row's cells, for the row at `index`. */
  row: (item: Row, index: number) => ReactNode;
  /** A row's key, the same wherever the row is (after a search, say). */
  keyOf: (item: Row) => string;
  /** The table's name, for screen readers. */
  label: string;
  className?: string;
  hidden?: boolean;
  ref?: Ref<RowsHandle>;
}) {
  const { attach, start, end, before, after, onKeyDown, focusRow } = useWindowedRows(rows.length);
  useImperativeHandle(ref, () => ({ focusRow }), [focusRow]);
  const hint = useId();
  return (
    <>
      <table
        className={`page-table windowed ${className ?? ""}`}
        hidden={hidden}
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-describedby={hint}
      >
        <thead>
          <tr aria-rowindex={1}>{head}</tr>
        </thead>
        <tbody ref={attach} onKeyDown={onKeyDown}>
          <Spacer height={before} columns={columns} />
          {rows.slice(start, end).map((item, offset) => {
            const index = start + offset;
            return (
              <tr key={keyOf(item)} data-row={index} aria-rowindex={index + 2}>
                {row(item, index)}
              </tr>
            );
          })}
          <Spacer height={after} columns={columns} />
        </tbody>
      </table>
      <p id={hint} className="visually-hidden">
        ↑ and ↓ move between the rows, Page Up and Page Down a screen at a time, Home and End to the first and last.
      </p>
    </>
  );
}
