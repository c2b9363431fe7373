// @vitest-environment node
import { describe, expect, it } from "vitest";
import { describeError, leadApiErrors } from "../../contract/errors.ts";
import type { LeadStore } from "../db/store.ts";
import { startOutbox } from "./outbox.ts";

describe("outbox", () => {
  it("logs a pass that cannot read the outbox as a catalogue message, and keeps running", async () => {
    const logged: string[] = [];
    // Only the outbox's first call matters here: the database is down when it leases.
    const store = { leaseOutbox: () => Promise.reject(new Error("connection refused")) } as unknown as LeadStore;
    const outbox = startOutbox({ store, senders: { webhook: async () => {} }, log: (line) => logged.push(line) });
    await outbox.kick();
    await outbox.stop();
    expect(logged[0]).toBe(describeError(leadApiErrors.outboxPassFailed, "connection refused"));
    expect(logged[0]).toMatch(/^OUTBOX_PASS_FAILED: /);
  });
});
