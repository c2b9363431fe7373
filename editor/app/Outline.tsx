import { useState } from "react";
import { ArrowDown, ArrowUp, Copy, GripVertical, Plus, Settings2, Trash2 } from "lucide-react";
import { Icon } from "../../renderer/icons/Icon.tsx";
import type { IconName } from "../../renderer/generated/schema-types.ts";
import { type BlockMeta, blockHeading } from "../block-meta.ts";

export type Selection = "page" | number;

interface OutlineProps {
  blocks: Record<string, unknown>[];
  metas: Map<string, BlockMeta>;
  selected: Selection;
  /** Problems per block index; "page" counts those outside the blocks. */
  problemCounts: Map<Selection, number>;
  onSelect: (selection: Selection) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
  onAdd: () => void;
  /** What happened, for screen readers (moves, deletions). */
  announcement: string;
}

function Badge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="badge-error" title={`${count} problem${count === 1 ? "" : "s"}`}>
      {count}
      <span className="visually-hidden"> problem{count === 1 ? "" : "s"}</span>
    </span>
  );
}

/** The page's blocks in order: select, reorder (buttons, Alt+arrow keys, drag and drop), duplicate, delete. */
export function Outline(props: OutlineProps) {
  const { blocks, metas, selected, problemCounts, onSelect, onMove } = props;
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  return (
    <nav className="outline" aria-label="Page outline">
      <button
        type="button"
        className={`outline-page${selected === "page" ? " selected" : ""}`}
        aria-current={selected === "page" ? "true" : undefined}
        onClick={() => onSelect("page")}
      >
        <Settings2 size={16} aria-hidden /> <span>Page settings</span>
        <Badge count={problemCounts.get("page")} />
      </button>
      <h2 className="outline-title">Blocks</h2>
      <p className="outline-hint" id="outline-hint">
        Drag to reorder, or select a block and press Alt+↑ / Alt+↓.
      </p>
      <ol className="outline-list">
        {blocks.map((block, index) => {
          const meta = metas.get(String(block.type));
          const heading = blockHeading(block);
          return (
            <li
              key={index}
              className={`outline-item${selected === index ? " selected" : ""}${over === index ? " drop-target" : ""}`}
              draggable
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", String(index));
              }}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== null && dragging !== index) onMove(dragging, index);
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
            >
              <GripVertical className="grip" size={16} aria-hidden />
              <button
                type="button"
                className="outline-select"
                aria-current={selected === index ? "true" : undefined}
                aria-describedby="outline-hint"
                data-block-index={index}
                onClick={() => onSelect(index)}
                onKeyDown={(event) => {
                  if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
                  event.preventDefault();
                  const to = index + (event.key === "ArrowUp" ? -1 : 1);
                  if (to >= 0 && to < blocks.length) onMove(index, to);
                }}
              >
                <span className="outline-icon">
                  <Icon name={(meta?.icon ?? "layers") as IconName} size={16} />
                </span>
                <span className="outline-text">
                  <span className="outline-label">{meta?.label ?? String(block.type)}</span>
                  {heading && <span className="outline-heading">{heading}</span>}
                </span>
                <Badge count={problemCounts.get(index)} />
              </button>
              <span className="outline-tools">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${meta?.label ?? "block"} ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => onMove(index, index - 1)}
                >
                  <ArrowUp size={14} aria-hidden />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${meta?.label ?? "block"} ${index + 1} down`}
                  disabled={index === blocks.length - 1}
                  onClick={() => onMove(index, index + 1)}
                >
                  <ArrowDown size={14} aria-hidden />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Duplicate ${meta?.label ?? "block"} ${index + 1}`}
                  onClick={() => props.onDuplicate(index)}
                >
                  <Copy size={14} aria-hidden />
                </button>
                <button
                  type="button"
                  className="icon-button danger"
                  aria-label={`Delete ${meta?.label ?? "block"} ${index + 1}`}
                  onClick={() => props.onDelete(index)}
                >
                  <Trash2 size={14} aria-hidden />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button-wide" onClick={props.onAdd}>
        <Plus size={16} aria-hidden /> Add block
      </button>
      <p className="visually-hidden" aria-live="polite">
        {props.announcement}
      </p>
    </nav>
  );
}
