import { randomUUID } from "node:crypto";
import type { PageLockEvent, PresentPerson } from "../protocol.ts";
import type { PresenceBus, PresenceMessage, PresencePerson } from "./presence-bus.ts";

/** How often an instance says again who has which page open on it. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** Another instance's tab not heard of for this long is gone: that instance stopped without saying so. */
export const PRESENCE_EXPIRY_MS = 30_000;

interface Entry {
  person: PresencePerson;
  file: string;
  /** When a tab of another instance is forgotten unless heard of again; Infinity for this instance's own. */
  expiresAt: number;
}

/** "Mia Wong" → "MW", "ada" → "A": the letters on a person's chip. */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0]];
  return letters.join("").toUpperCase() || "?";
};

export interface PresenceRegistry {
  /** A tab has `file` open on this instance; answers its leaving, told to every instance at once. */
  join(person: PresencePerson, file: string): () => void;
  /** Every page someone other than `email` has open, with who (each person once per page, by name). */
  pagesFor(email: string): Record<string, PresentPerson[]>;
  /** Called whenever who is where changes; answers the unsubscription. */
  onChange(listener: () => void): () => void;
  /** Called when a page's lock changed on any instance; answers the unsubscription. */
  onLock(listener: (event: PageLockEvent) => void): () => void;
  /** Tells every instance (this one included) that a page's lock changed. */
  lockChanged(event: PageLockEvent): void;
  close(): void;
}

/**
 * Who has which page open, across instances: this instance's tabs as they join and leave, the others' as the bus
 * brings them, each repeated every PRESENCE_HEARTBEAT_MS and forgotten PRESENCE_EXPIRY_MS after it was last heard of.
 */
export function presenceRegistry(bus: PresenceBus, now: () => number = Date.now): PresenceRegistry {
  const instance = randomUUID();
  const entries = new Map<string, Entry>();
  const changeListeners = new Set<() => void>();
  const lockListeners = new Set<(event: PageLockEvent) => void>();
  const changed = () => changeListeners.forEach((listener) => listener());
  const publish = (message: PresenceMessage) => void bus.publish(message).catch(() => undefined);
  const ownEntries = () => [...entries].filter(([, entry]) => entry.expiresAt === Infinity);
  const announce = () => {
    for (const [id, { person, file }] of ownEntries()) publish({ kind: "here", instance, id, person, file });
  };

  const receive = (message: PresenceMessage) => {
    if (message.kind === "lock") return lockListeners.forEach((listener) => listener(message.event));
    if (message.instance === instance) return;
    if (message.kind === "sync") return announce();
    const key = `${message.instance}/${message.id}`;
    if (message.kind === "gone") {
      if (entries.delete(key)) changed();
      return;
    }
    const known = entries.get(key);
    entries.set(key, { person: message.person, file: message.file, expiresAt: now() + PRESENCE_EXPIRY_MS });
    if (!known) changed();
  };
  const unsubscribe = bus.subscribe(receive);

  const heartbeat = setInterval(() => {
    announce();
    let expired = false;
    for (const [key, entry] of entries)
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        expired = true;
      }
    if (expired) changed();
  }, PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();
  publish({ kind: "sync", instance });

  return {
    join(person, file) {
      const id = randomUUID();
      entries.set(id, { person, file, expiresAt: Infinity });
      publish({ kind: "here", instance, id, person, file });
      changed();
      return () => {
        if (!entries.delete(id)) return;
        publish({ kind: "gone", instance, id });
        changed();
      };
    },
    pagesFor(email) {
      const pages: Record<string, PresentPerson[]> = {};
      for (const { person, file } of entries.values()) {
        if (person.email === email) continue;
        const people = (pages[file] ??= []);
        if (!people.some((other) => other.email === person.email))
          people.push({ email: person.email, name: person.name, initials: initialsOf(person.name) });
      }
      for (const people of Object.values(pages)) people.sort((a, b) => a.name.localeCompare(b.name));
      return pages;
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    onLock(listener) {
      lockListeners.add(listener);
      return () => lockListeners.delete(listener);
    },
    lockChanged(event) {
      publish({ kind: "lock", instance, event });
    },
    close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const [id] of ownEntries()) publish({ kind: "gone", instance, id });
      entries.clear();
    },
  };
}
