import { ArrowDown, ArrowUp, type LucideIcon } from "lucide-react";

interface IconButtonProps {
  /** What the button does, read by screen readers; also its tooltip when `tooltip` is set. */
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  size?: number;
  tooltip?: boolean;
  danger?: boolean;
}

/** A button that shows only an icon and is named by its label. */
export function IconButton({ label, icon: Glyph, onClick, disabled, size = 14, tooltip, danger }: IconButtonProps) {
  return (
    <button
      type="button"
      className={`icon-button${danger ? " danger" : ""}`}
      aria-label={label}
      title={tooltip ? label : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      <Glyph size={size} aria-hidden />
    </button>
  );
}

/** Move up and move down, for the n-th of a list ("Move Stats 2 up"); `onMove` gets the index to move to. */
export function MoveButtons({
  name,
  index,
  last,
  onMove,
}: {
  name: string;
  index: number;
  last: boolean;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <IconButton
        label={`Move ${name} ${index + 1} up`}
        icon={ArrowUp}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      />
      <IconButton
        label={`Move ${name} ${index + 1} down`}
        icon={ArrowDown}
        disabled={last}
        onClick={() => onMove(index + 1)}
      />
    </>
  );
}
