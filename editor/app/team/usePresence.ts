import { useEffect, useRef, useState } from "react";
import { PRESENCE_PATH, type PageLockEvent, type PresenceAnswer, type PresentPerson } from "../../protocol.ts";

const NOBODY: Record<string, PresentPerson[]> = {};

/**
 * Who else has which page open (the team editor), live from the server's event stream. The stream says this tab has
 * `file` open (none: the page list) until it closes, as it does when the tab leaves the page or closes. `onLock` hears
 * of every page's lock changes.
 */
export function usePresence(
  enabled: boolean,
  file: string | null,
  onLock?: (event: PageLockEvent) => void,
): Record<string, PresentPerson[]> {
  const [pages, setPages] = useState(NOBODY);
  const lockListener = useRef(onLock);
  useEffect(() => {
    lockListener.current = onLock;
  }, [onLock]);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(`${PRESENCE_PATH}${file ? `?file=${encodeURIComponent(file)}` : ""}`);
    source.addEventListener("presence", (event) =>
      setPages((JSON.parse((event as MessageEvent<string>).data) as PresenceAnswer).pages),
    );
    source.addEventListener("lock", (event) =>
      lockListener.current?.(JSON.parse((event as MessageEvent<string>).data) as PageLockEvent),
    );
    return () => source.close();
  }, [enabled, file]);
  return enabled ? pages : NOBODY;
}
