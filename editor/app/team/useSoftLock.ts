import { useCallback, useEffect, useRef, useState } from "react";
import { LOCK_HEARTBEAT_MS, type PageLockAnswer, type PageLockEvent } from "../../protocol.ts";
import { ApiError, api } from "../api.ts";

type Holder = PageLockAnswer["holder"];

interface SoftLockOptions {
  /** The team editor: a signed-in person (their address); the lock does nothing in one person's editor. */
  me: string | undefined;
  file: string;
  /** Whether this person may write: a viewer only reads who holds the page. */
  writes: boolean;
  /** Called when someone took the page from this tab: its unsaved edits are to be kept as the person's draft. */
  onTaken: () => void;
}

export interface SoftLock {
  /** Someone else holding the page (its fields are read-only here), or null. */
  holder: Holder;
  /** Whether that person took it from this tab. */
  taken: boolean;
  /** Called on every edit: the first one holds the page. Answers false when someone else holds it. */
  claim: () => boolean;
  takeOver: () => Promise<void>;
  /** The lock changed somewhere: from the presence stream. */
  onLockEvent: (event: PageLockEvent) => void;
}

/**
 * A page's soft lock, as the tab keeps it (docs/team-editor.md, "Editing locks"): the first edit holds the page, a
 * heartbeat every LOCK_HEARTBEAT_MS keeps it, leaving the page or closing the tab lets it go. While someone else holds
 * it, the tab asks again as often, so that a lock that lapsed frees the page here too.
 */
export function useSoftLock({ me, file, writes, onTaken }: SoftLockOptions): SoftLock {
  const [holder, setHolder] = useState<Holder>(null);
  const [mine, setMine] = useState(false);
  const [taken, setTaken] = useState(false);
  const taking = useRef(onTaken);
  useEffect(() => {
    taking.current = onTaken;
  }, [onTaken]);
  const enabled = me !== undefined;

  const apply = useCallback((answer: PageLockAnswer) => {
    setMine(answer.mine);
    setHolder(answer.mine ? null : answer.holder);
    if (answer.mine || !answer.holder) setTaken(false);
  }, []);
  const refused = useCallback(
    (error: unknown) => {
      const lock = error instanceof ApiError ? (error.body.lock as PageLockAnswer | undefined) : undefined;
      if (lock) apply(lock);
    },
    [apply],
  );

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    api.lock(file).then(
      (answer) => current && apply(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [enabled, file, apply]);

  // Holding: the heartbeat. Someone else holding: asking again, for a lock that lapsed.
  const watching = mine || holder !== null;
  useEffect(() => {
    if (!enabled || !watching) return;
    const beat = setInterval(
      () => void (mine ? api.holdLock(file) : api.lock(file)).then(apply, refused),
      LOCK_HEARTBEAT_MS,
    );
    return () => clearInterval(beat);
  }, [enabled, watching, mine, file, apply, refused]);

  useEffect(() => {
    if (!enabled || !mine) return;
    const release = () => api.releaseLock(file);
    window.addEventListener("pagehide", release);
    return () => {
      window.removeEventListener("pagehide", release);
      release();
    };
  }, [enabled, mine, file]);

  const asking = useRef(false);
  const claim = useCallback(() => {
    if (!enabled || !writes) return true;
    if (holder) return false;
    if (!mine && !asking.current) {
      asking.current = true;
      void api
        .holdLock(file)
        .then(apply, refused)
        .finally(() => (asking.current = false));
    }
    return true;
  }, [enabled, writes, holder, mine, file, apply, refused]);

  const takeOver = useCallback(async () => {
    await api.takeOver(file).then(apply, refused);
  }, [file, apply, refused]);

  const onLockEvent = useCallback(
    (event: PageLockEvent) => {
      if (!enabled || event.file !== file) return;
      const isMine = event.holder?.email === me;
      setMine(isMine);
      setHolder(isMine ? null : event.holder);
      if (event.takenFrom === me && !isMine) {
        setTaken(true);
        taking.current();
      } else if (isMine || !event.holder) setTaken(false);
    },
    [enabled, file, me],
  );

  return { holder: enabled ? holder : null, taken, claim, takeOver, onLockEvent };
}
