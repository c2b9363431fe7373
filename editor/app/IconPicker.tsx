import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Icon } from "../../kit/icons/Icon.tsx";
import type { IconName } from "../../contract/generated/schema-types.ts";
import "./icon-picker.css";

interface IconPickerProps {
  /** The id of the button that opens the list, which the field's label names. */
  id: string;
  /** The field's name, which also names the list. */
  label: string;
  names: IconName[];
  value: IconName | undefined;
  onChoose: (name: IconName) => void;
}

/** How many options the grid shows on a row, as laid out: the options whose top is the first one's. */
function columnsOf(list: HTMLElement | null): number {
  const options = [...(list?.children ?? [])] as HTMLElement[];
  const top = options[0]?.offsetTop;
  return Math.max(1, options.filter((option) => option.offsetTop === top).length);
}

/**
 * The allow-listed icons as a grid of pictures: a listbox (WAI-ARIA) whose options take the focus in turn (roving
 * tabindex). Arrow keys move through the grid, Home and End go to the first and the last, a letter to the next name
 * that starts with it; Enter or Space chooses, Escape closes without a change. The choice is announced, and the focus
 * goes back to the button that opened the list.
 */
export function IconPicker({ id, label, names, value, onChoose }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = `${id}-list`;

  useEffect(() => {
    if (open) list.current?.querySelector<HTMLElement>(`[data-option="${active}"]`)?.focus();
  }, [open, active]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const choose = (name: IconName) => {
    onChoose(name);
    setAnnouncement(`${label}: ${name} chosen`);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = names.length - 1;
    const moves: Record<string, () => number> = {
      ArrowRight: () => Math.min(last, active + 1),
      ArrowLeft: () => Math.max(0, active - 1),
      ArrowDown: () => Math.min(last, active + columnsOf(list.current)),
      ArrowUp: () => Math.max(0, active - columnsOf(list.current)),
      Home: () => 0,
      End: () => last,
    };
    if (moves[event.key]) setActive(moves[event.key]());
    else if (event.key === "Enter" || event.key === " ") choose(names[active]);
    else if (event.key === "Escape") close();
    else if (/^[a-z0-9]$/i.test(event.key)) {
      const letter = event.key.toLowerCase();
      const after = [...names.slice(active + 1), ...names.slice(0, active + 1)];
      const next = after.find((name) => name.startsWith(letter));
      if (!next) return;
      setActive(names.indexOf(next));
    } else return;
    event.preventDefault();
  };

  return (
    <>
      <button
        type="button"
        id={id}
        ref={trigger}
        className="icon-current"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => {
          if (!open) setActive(Math.max(0, value ? names.indexOf(value) : 0));
          setOpen(!open);
        }}
      >
        {value && names.includes(value) ? <Icon name={value} size={20} /> : null}
        <span>{value ?? "Choose an icon"}</span>
      </button>
      {open && (
        <div className="icon-grid" id={listId} role="listbox" aria-label={label} ref={list} onKeyDown={onKeyDown}>
          {names.map((name, index) => (
            <div
              role="option"
              key={name}
              data-option={index}
              aria-selected={name === value}
              aria-label={name}
              title={name}
              tabIndex={index === active ? 0 : -1}
              onClick={() => choose(name)}
              onFocus={() => setActive(index)}
            >
              <Icon name={name} size={20} />
            </div>
          ))}
        </div>
      )}
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}
