import type { TeamConfig } from "./config.ts";
import { inProcessBus, type PresenceBus } from "./presence-bus.ts";

/**
 * Presence between instances through the team's PostgreSQL when it has one (EDIT_TEAM_DATABASE_URL), in this process
 * otherwise (SQLite: one instance owns the store). pg is loaded only when chosen, as the store does.
 */
export async function openPresenceBus(config: Pick<TeamConfig, "databaseUrl">): Promise<PresenceBus> {
  if (config.databaseUrl) return (await import("./presence-bus-postgres.ts")).postgresPresenceBus(config.databaseUrl);
  return inProcessBus();
}
