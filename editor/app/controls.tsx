import { ArrowDown, ArrowUp, type LucideIcon } from "lucide-react";
import type { MouseEvent } from "react";
import type { Refusal } from "./api.ts";
import { CatalogueAlert } from "./CatalogueAlert.tsx";
import { focusAfterRender } from "./focus.ts";
import "./controls.css";

interface IconButtonProps {
  /** What the button does, read by screen readers; also its tooltip when `tooltip` is set. */
  label: string;
  icon: LucideIcon;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  size?: number;
  tooltip?: boolean;
  danger?: boolean;
  /** -1 leaves it out of the Tab order (it stays clickable). */
  tabIndex?: number;
}

/** A button that shows only an icon and is named by its label. */
export function IconButton({
  label,
  icon: Glyph,
  onClick,
  disabled,
  size = 14,
  tooltip,
  danger,
  tabIndex,
}: IconButtonProps) {
  return (
    <button
      type="button"
      className={`icon-button${danger ? " danger" : ""}`}
      aria-label={label}
      title={tooltip ? label : undefined}
      disabled={disabled}
      tabIndex={tabIndex}
      onClick={onClick}
    >
      <Glyph size={size} aria-hidden />
    </button>
  );
}

/**
 * Move up and move down, for the n-th of a list ("Move Stats 2 up"); `onMove` gets the index to move to. The focus
 * follows the item to its new place, onto the same button, or the other one once the item reaches an end.
 */
export function MoveButtons({
  name,
  index,
  last,
  onMove,
  tabIndex,
}: {
  name: string;
  index: number;
  last: boolean;
  onMove: (to: number) => void;
  tabIndex?: number;
}) {
  const moveBy = (event: MouseEvent<HTMLButtonElement>, step: -1 | 1) => {
    const list = event.currentTarget.closest("ol");
    const to = index + step;
    onMove(to);
    focusAfterRender(() => {
      const item = list?.children[to];
      const button = (direction: string) =>
        item?.querySelector<HTMLButtonElement>(`[aria-label="${CSS.escape(`Move ${name} ${to + 1} ${direction}`)}"]`);
      const same = button(step < 0 ? "up" : "down");
      return same && !same.disabled ? same : button(step < 0 ? "down" : "up");
    });
  };
  return (
    <>
      <IconButton
        label={`Move ${name} ${index + 1} up`}
        icon={ArrowUp}
        disabled={index === 0}
        tabIndex={tabIndex}
        onClick={(event) => moveBy(event, -1)}
      />
      <IconButton
        label={`Move ${name} ${index + 1} down`}
        icon={ArrowDown}
        disabled={last}
        tabIndex={tabIndex}
        onClick={(event) => moveBy(event, 1)}
      />
    </>
  );
}

interface DialogActionsProps {
  /** The refusal of what the dialog asked for, shown above its buttons. */
  refused?: Refusal;
  /** The words of the button that does what the dialog asks. */
  label: string;
  /** Whether it destroys something (discarding changes): the button says so by its colour. */
  danger?: boolean;
  /** What it does; without it, the button submits the dialog's form. */
  onConfirm?: () => void;
  onCancel: () => void;
}

/** The end of a dialog that asks before doing something: the refusal, if any, then Cancel and the button that does it. */
export function DialogActions({ refused, label, danger, onConfirm, onCancel }: DialogActionsProps) {
  return (
    <>
      {refused && <CatalogueAlert refusal={refused} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type={onConfirm ? "button" : "submit"}
          className={`button ${danger ? "button-danger" : "button-primary"}`}
          onClick={onConfirm}
        >
          {label}
        </button>
      </div>
    </>
  );
}
