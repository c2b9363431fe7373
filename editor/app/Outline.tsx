import { isSectionRef } from "../../contract/sections.ts";
import { memo, useCallback, useRef, useState } from "react";
import { Copy, GripVertical, Plus, Settings2, Trash2 } from "lucide-react";
import { Icon } from "../../kit/icons/Icon.tsx";
import type { IconName } from "../../contract/generated/schema-types.ts";
import { type BlockMeta, blockHeading } from "../block-meta.ts";
import { IconButton, MoveButtons } from "./controls.tsx";
import { focusAfterRender } from "./focus.ts";
import "./outline.css";

export type Selection = "page" | number;

interface BlockActions {
  onSelect: (selection: Selection) => void;
  /** `label` names the block in what is announced to screen readers. */
  onMove: (from: number, to: number, label: string) => void;
  onDuplicate: (index: number, label: string) => void;
  onDelete: (index: number, label: string) => void;
  /** A shared section's row offers to open the section, and to detach it (replace it by a copy of its blocks). */
  onEditSection?: (section: string) => void;
  onDetach?: (index: number) => void;
}

interface OutlineProps extends BlockActions {
  blocks: Record<string, unknown>[];
  metas: Map<string, BlockMeta>;
  selected: Selection;
  /** Problems per block index; "page" counts those outside the blocks. */
  problemCounts: Map<Selection, number>;
  onAdd: () => void;
  /** What happened, for screen readers (moves, deletions). */
  announcement: string;
  /** The first row's name: the settings of the page, or of the section being edited. */
  settingsLabel?: string;
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

interface ItemProps extends BlockActions {
  block: Record<string, unknown>;
  index: number;
  isLast: boolean;
  meta: BlockMeta | undefined;
  selected: boolean;
  problems: number | undefined;
  dropTarget: boolean;
  /** `label` names the dragged block in what is announced when it is dropped. */
  onDragStart: (index: number, label: string) => void;
  onDragOver: (index: number) => boolean;
  onDrop: (index: number) => void;
  onDragEnd: () => void;
}

/** One block in the outline; rendered again only when its own content, place or state changes. */
const OutlineItem = memo(function OutlineItem(props: ItemProps) {
  const { block, index, meta, isLast } = props;
  // A shared section is one row, named by the section it places (its file under site-config/sections/).
  const section = isSectionRef(block) ? block.section : undefined;
  const label = section !== undefined ? "Shared section" : (meta?.label ?? String(block.type));
  const heading = section ?? blockHeading(block);
  // The selected block's tools are in the Tab order; the others' only by mouse: a block is one Tab stop, not three.
  const tools = props.selected ? undefined : -1;
  return (
    <li
      className={`outline-item${props.selected ? " selected" : ""}${props.dropTarget ? " drop-target" : ""}`}
      draggable
      onDragStart={(event) => {
        props.onDragStart(index, label);
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", String(index));
      }}
      onDragOver={(event) => {
        if (props.onDragOver(index)) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        props.onDrop(index);
      }}
      onDragEnd={props.onDragEnd}
    >
      <GripVertical className="grip" size={16} aria-hidden />
      <button
        type="button"
        className="outline-select"
        aria-current={props.selected ? "true" : undefined}
        aria-describedby="outline-hint"
        // The row's text ends in an ellipsis before the tools' place: the tooltip has it whole.
        title={heading ? `${label}: ${heading}` : label}
        data-block-index={index}
        onClick={() => props.onSelect(index)}
        onKeyDown={(event) => {
          if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
          event.preventDefault();
          const to = index + (event.key === "ArrowUp" ? -1 : 1);
          if (to < 0 || (event.key === "ArrowDown" && isLast)) return;
          props.onMove(index, to, label);
          // The focus stays on the block, now at its new place, so that Alt+↑ can be pressed again.
          focusAfterRender(() => document.querySelector(`[data-block-index="${to}"]`));
        }}
      >
        <span className="outline-icon">
          <Icon name={(meta?.icon ?? "layers") as IconName} size={16} />
        </span>
        <span className="outline-text">
          <span className="outline-label">{label}</span>
          {heading && <span className="outline-heading">{heading}</span>}
        </span>
        <Badge count={props.problems} />
      </button>
      <span className="outline-tools">
        <MoveButtons
          name={label}
          index={index}
          last={isLast}
          tabIndex={tools}
          onMove={(to) => props.onMove(index, to, label)}
        />
        {/* Duplicate and delete are the selected block's, on its line of tools: a hovered row keeps the room of its
            label and heading for the two moves. */}
        {props.selected && (
          <>
            <IconButton
              label={`Duplicate ${label} ${index + 1}`}
              icon={Copy}
              onClick={() => props.onDuplicate(index, label)}
            />
            <IconButton
              label={`Delete ${label} ${index + 1}`}
              icon={Trash2}
              danger
              onClick={() => props.onDelete(index, label)}
            />
          </>
        )}
      </span>
      {props.selected && section !== undefined && (props.onEditSection || props.onDetach) && (
        <span className="outline-section-tools">
          {props.onEditSection && (
            <button type="button" className="link-button" onClick={() => props.onEditSection!(section)}>
              Edit the shared section
            </button>
          )}
          {props.onDetach && (
            <button type="button" className="link-button" onClick={() => props.onDetach!(index)}>
              Detach
            </button>
          )}
        </span>
      )}
    </li>
  );
});

/** The page's blocks in order: select, reorder (buttons, Alt+arrow keys, drag and drop), duplicate, delete. */
export function Outline(props: OutlineProps) {
  const { blocks, metas, selected, problemCounts, onSelect, onMove } = props;
  // What is being dragged, kept out of the items' props: typing in a block must not render every item again.
  const dragging = useRef<{ index: number; label: string } | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const onDragStart = useCallback((index: number, label: string) => {
    dragging.current = { index, label };
  }, []);
  const onDragOver = useCallback((index: number) => {
    if (dragging.current === null) return false;
    setOver(index);
    return true;
  }, []);
  const onDragEnd = useCallback(() => {
    dragging.current = null;
    setOver(null);
  }, []);
  const onDrop = useCallback(
    (index: number) => {
      const from = dragging.current;
      if (from && from.index !== index) onMove(from.index, index, from.label);
      onDragEnd();
    },
    [onMove, onDragEnd],
  );
  return (
    <nav className="outline" aria-label="Page outline">
      <button
        type="button"
        className={`outline-page${selected === "page" ? " selected" : ""}`}
        aria-current={selected === "page" ? "true" : undefined}
        onClick={() => onSelect("page")}
      >
        <Settings2 size={16} aria-hidden /> <span>{props.settingsLabel ?? "Page settings"}</span>
        <Badge count={problemCounts.get("page")} />
      </button>
      <h2 className="outline-title">Blocks</h2>
      <p className="outline-hint" id="outline-hint">
        Drag to reorder, or select a block and press Alt+↑ / Alt+↓; Tab then reaches its tools.
      </p>
      <ol className="outline-list">
        {blocks.map((block, index) => (
          <OutlineItem
            key={index}
            block={block}
            index={index}
            isLast={index === blocks.length - 1}
            meta={metas.get(String(block.type))}
            selected={selected === index}
            problems={problemCounts.get(index)}
            dropTarget={over === index}
            onSelect={onSelect}
            onMove={onMove}
            onDuplicate={props.onDuplicate}
            onDelete={props.onDelete}
            onEditSection={props.onEditSection}
            onDetach={props.onDetach}
            onDragStart={onDragStart}
            onDragOver={onDragOver}
            onDrop={onDrop}
            onDragEnd={onDragEnd}
          />
        ))}
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
