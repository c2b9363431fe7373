import type { AuditAction, AuditEntry, AuditQuery, TeamStore } from "./store.ts";

/** The audit log: entries are appended, never changed (the store's tables refuse it), and read by an admin. */
export function auditLog(store: TeamStore, now: () => number) {
  return {
    append: (action: AuditAction, who: { person?: string; page?: string }, detail: AuditEntry["detail"] = {}) =>
      store.appendAudit({ at: now(), action, ...who, detail }),
    /** Entries by person, page and day (each optional; the day's form is its route's to check), oldest first. */
    query: (query: AuditQuery): Promise<AuditEntry[]> => store.queryAudit(query),
  };
}

export type AuditLog = ReturnType<typeof auditLog>;

/** The export: one JSON object per line, with its time as an ISO date. */
export const toJsonLines = (entries: AuditEntry[]) =>
  entries.map((entry) => JSON.stringify({ ...entry, at: new Date(entry.at).toISOString() }) + "\n").join("");
