import type { PageLockEvent } from "../protocol.ts";

/** Someone as presence names them. */
export interface PresencePerson {
  email: string;
  name: string;
}

/**
 * What instances of the team editor tell each other: a tab that has a page open (`here`, repeated as a heartbeat),
 * one that left (`gone`), an instance asking the others to say again who they have (`sync`), a page's lock changed.
 */
export type PresenceMessage =
  | { kind: "here"; instance: string; id: string; person: PresencePerson; file: string }
  | { kind: "gone"; instance: string; id: string }
  | { kind: "sync"; instance: string }
  | { kind: "lock"; instance: string; event: PageLockEvent };

/** How presence travels between instances: in this process, or through the team's PostgreSQL. */
export interface PresenceBus {
  publish(message: PresenceMessage): Promise<void>;
  /** Every message published, this instance's own included; answers the unsubscription. */
  subscribe(listener: (message: PresenceMessage) => void): () => void;
  close(): Promise<void>;
}

/** One instance alone (SQLite, or tests): the messages go to this process's listeners. */
export function inProcessBus(): PresenceBus {
  const listeners = new Set<(message: PresenceMessage) => void>();
  return {
    async publish(message) {
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

const KINDS = new Set(["here", "gone", "sync", "lock"]);

/** A message as another instance sent it, or undefined when it is not one (another program on the channel). */
export function parseMessage(text: string): PresenceMessage | undefined {
  try {
    const message = JSON.parse(text) as Partial<PresenceMessage>;
    return typeof message.instance === "string" && KINDS.has(String(message.kind))
      ? (message as PresenceMessage)
      : undefined;
  } catch {
    return undefined;
  }
}
