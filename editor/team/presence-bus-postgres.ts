import pg from "pg";
import { type PresenceBus, type PresenceMessage, parseMessage } from "./presence-bus.ts";

/** How long the bus waits before connecting again after it lost its connection. */
const RECONNECT_MS = 1000;

/**
 * Presence between the instances that share the team's PostgreSQL: NOTIFY on a channel, every instance LISTENing on
 * it (its own messages come back to it too). The channel is named after the store's schema, so that two teams whose
 * stores share a database (each in a schema of its own) do not see each other. A lost connection is made again; the
 * other instances' heartbeats then tell it who they have.
 */
export async function postgresPresenceBus(connectionString: string): Promise<PresenceBus> {
  const listeners = new Set<(message: PresenceMessage) => void>();
  let closed = false;
  let channel = "";
  let client: pg.Client;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString });
    await next.connect();
    const schema = String((await next.query("SELECT current_schema() AS schema")).rows[0]?.schema ?? "public");
    channel = `team_presence_${schema}`;
    next.on("notification", ({ channel: from, payload }) => {
      const message = from === channel && payload ? parseMessage(payload) : undefined;
      if (message) for (const listener of listeners) listener(message);
    });
    next.on("error", () => undefined);
    next.on("end", () => {
      if (!closed) setTimeout(reconnect, RECONNECT_MS).unref();
    });
    await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    return next;
  };
  const reconnect = () =>
    void connect().then(
      (next) => {
        client = next;
        if (closed) void next.end();
      },
      () => !closed && setTimeout(reconnect, RECONNECT_MS).unref(),
    );
  client = await connect();

  return {
    async publish(message) {
      await client.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify(message)]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await client.end().catch(() => undefined);
    },
  };
}
