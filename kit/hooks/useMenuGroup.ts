import { useCallback, useEffect, useRef, useState } from "react";
import { MENU_CLOSE_DELAY_MS, MENU_HOVER_DELAY_MS, MENU_SKIP_DELAY_MS } from "../constants.ts";

/**
 * Open state of a group of hover dropdowns (the header's Product and Industries menus): hovering opens a menu after
 * MENU_HOVER_DELAY_MS, or at once when another menu closed less than MENU_SKIP_DELAY_MS ago; leaving closes it after
 * MENU_CLOSE_DELAY_MS. Clicks and keys act at once.
 */
export function useMenuGroup<Id extends string>() {
  const [open, setOpen] = useState<Id | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastClosedAt = useRef(-Infinity);

  const clear = () => clearTimeout(timer.current);
  useEffect(() => clear, []);

  const close = useCallback(() => {
    clear();
    setOpen((current) => {
      if (current !== null) lastClosedAt.current = Date.now();
      return null;
    });
  }, []);

  const hoverStart = useCallback((id: Id) => {
    clear();
    const skip = Date.now() - lastClosedAt.current < MENU_SKIP_DELAY_MS;
    setOpen((current) => {
      if (current !== null || skip) return id;
      timer.current = setTimeout(() => setOpen(id), MENU_HOVER_DELAY_MS);
      return current;
    });
  }, []);

  const hoverEnd = useCallback(() => {
    clear();
    timer.current = setTimeout(close, MENU_CLOSE_DELAY_MS);
  }, [close]);

  const toggle = useCallback((id: Id) => {
    clear();
    setOpen((current) => (current === id ? null : id));
  }, []);

  return { open, hoverStart, hoverEnd, toggle, close };
}
