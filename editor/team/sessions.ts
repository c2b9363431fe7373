import type { Role } from "./roles.ts";
import { hashSecret, randomSecret } from "./secrets.ts";
import type { SessionRecord, TeamStore } from "./store.ts";

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: number;
}

export const DEFAULT_LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

export interface Person {
  email: string;
  /** As the provider gives it, or from the address: the author's name on the commits made in their name. */
  name: string;
  role: Role;
  csrfToken: string;
  /** The hash the store files the session under (the id itself is only in the browser's cookie). */
  sessionHash: string;
}

/** A name from an address, for a sign-in that gives none: "jane.smith@company.com" → "Jane Smith". */
export const nameFromAddress = (email: string): string =>
  email
    .slice(0, Math.max(0, email.indexOf("@")) || email.length)
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");

/** Sessions kept on the server, found by the hash of the opaque id the browser holds. */
export function sessionKeeper(store: TeamStore, limits: SessionLimits, now: () => number) {
  return {
    /** Starts a session; answers the id for the cookie, which is never stored. */
    async start(email: string, role: Role, name = nameFromAddress(email)): Promise<string> {
      const id = randomSecret();
      const at = now();
      await store.createSession({
        idHash: hashSecret(id),
        email,
        name,
        role,
        csrfToken: randomSecret(),
        createdAt: at,
        lastSeenAt: at,
      });
      return id;
    },
    /**
     * The person of a live session; an expired session is ended. A person's own request (`active`) starts its idle
     * clock again; what a tab sends by itself (a lock's heartbeat) leaves it running.
     */
    async resume(id: string, { active = true }: { active?: boolean } = {}): Promise<Person | undefined> {
      const idHash = hashSecret(id);
      const session: SessionRecord | undefined = await store.findSession(idHash);
      if (!session) return undefined;
      const at = now();
      if (at - session.lastSeenAt >= limits.idleMs || at - session.createdAt >= limits.absoluteMs) {
        await store.deleteSession(idHash);
        return undefined;
      }
      if (active) await store.touchSession(idHash, at);
      const { email, name, role, csrfToken } = session;
      return { email, name: name || nameFromAddress(email), role, csrfToken, sessionHash: idHash };
    },
    /** The live sessions, a person's summed: how many, and when they were last used. */
    async live(): Promise<{ email: string; name: string; role: Role; sessions: number; lastSeenAt: number }[]> {
      const at = now();
      const byPerson = new Map<
        string,
        { email: string; name: string; role: Role; sessions: number; lastSeenAt: number }
      >();
      for (const session of await store.listSessions()) {
        if (at - session.lastSeenAt >= limits.idleMs || at - session.createdAt >= limits.absoluteMs) continue;
        const known = byPerson.get(session.email);
        byPerson.set(session.email, {
          email: session.email,
          name: session.name || nameFromAddress(session.email),
          role: session.role,
          sessions: (known?.sessions ?? 0) + 1,
          lastSeenAt: Math.max(known?.lastSeenAt ?? 0, session.lastSeenAt),
        });
      }
      return [...byPerson.values()];
    },
    end: (sessionHash: string) => store.deleteSession(sessionHash),
    endAllOf: (email: string) => store.deleteSessionsOf(email),
  };
}

export type SessionKeeper = ReturnType<typeof sessionKeeper>;
