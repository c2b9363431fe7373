/**
 * What the team store keeps of previews (migration 007): the ways in (an entry token, used once, and the pass a
 * preview's cookie carries), the share links publishers make, and which requests were told their preview's address.
 * Tokens are kept as their hashes only. The statements are the same in SQLite and PostgreSQL; each store runs them
 * through its own driver (`previewRecords`).
 */

import type { PreviewShareInfo } from "../../protocol.ts";

/** A way into one request's preview: an entry token (used once) or a pass (a preview's cookie), by its hash. */
export interface PreviewToken {
  tokenHash: string;
  kind: "entry" | "pass";
  number: number;
  /** A team member's address; for a share link's pass, the share link's id instead. */
  person?: string;
  shareId?: string;
  expiresAt: number;
}

/**
 * A share link of one request's preview, as a publisher made it: never its token, which only the link holds. The
 * publisher's list shows it with its state (PreviewShareInfo), which the store does not keep: it follows from the time.
 */
export type PreviewShare = Omit<PreviewShareInfo, "state">;

export interface PreviewStore {
  savePreviewToken(token: PreviewToken): Promise<void>;
  /** Removes an entry token and answers it if it had not expired: an entry token works once. */
  takePreviewEntry(tokenHash: string, now: number): Promise<PreviewToken | undefined>;
  /** A pass that has not expired by `now`. */
  findPreviewPass(tokenHash: string, now: number): Promise<PreviewToken | undefined>;
  savePreviewShare(share: PreviewShare, tokenHash: string): Promise<void>;
  previewShare(id: string): Promise<PreviewShare | undefined>;
  previewShareByToken(tokenHash: string): Promise<PreviewShare | undefined>;
  /** A request's share links, the newest first. */
  previewShares(number: number): Promise<PreviewShare[]>;
  /** Revokes a share link not yet revoked; answers it as it is now, or undefined when there is no such link. */
  revokePreviewShare(id: string, by: string, at: number): Promise<PreviewShare | undefined>;
  /** Records that a request was told its preview's address; true only the first time, whichever instance asks. */
  claimPreviewAnnouncement(number: number, at: number): Promise<boolean>;
}

type Row = Record<string, unknown>;
/** Runs one statement with `@name` parameters; answers its rows (none for a statement that returns none). */
export type RunStatement = (sql: string, values: Record<string, unknown>) => Promise<Row[]>;

const toToken = (row: Row): PreviewToken => ({
  tokenHash: String(row.token_hash),
  kind: row.kind === "entry" ? "entry" : "pass",
  number: Number(row.number),
  ...(row.person === null ? {} : { person: String(row.person) }),
  ...(row.share_id === null ? {} : { shareId: String(row.share_id) }),
  expiresAt: Number(row.expires_at),
});

const toShare = (row: Row): PreviewShare => ({
  id: String(row.id),
  number: Number(row.number),
  createdBy: String(row.created_by),
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  ...(row.revoked_at === null ? {} : { revokedBy: String(row.revoked_by), revokedAt: Number(row.revoked_at) }),
});

/** The preview records of a store, whose driver runs `run`. */
export function previewRecords(run: RunStatement): PreviewStore {
  const first = async (sql: string, values: Record<string, unknown>) => (await run(sql, values))[0];
  return {
    async savePreviewToken(token) {
      await run(
        `INSERT INTO team_preview_tokens (token_hash, kind, number, person, share_id, expires_at)
         VALUES (@tokenHash, @kind, @number, @person, @shareId, @expiresAt)`,
        { ...token, person: token.person ?? null, shareId: token.shareId ?? null },
      );
      // What has expired opens nothing: it is dropped as new tokens come, so the table holds the live ones.
      await run("DELETE FROM team_preview_tokens WHERE expires_at <= @before", {
        before: token.expiresAt - 86_400_000,
      });
    },
    async takePreviewEntry(tokenHash, now) {
      // DELETE … RETURNING is atomic: of two requests with the same token, one gets the row.
      const row = await first(
        "DELETE FROM team_preview_tokens WHERE token_hash = @tokenHash AND kind = 'entry' RETURNING *",
        { tokenHash },
      );
      return row && Number(row.expires_at) > now ? toToken(row) : undefined;
    },
    async findPreviewPass(tokenHash, now) {
      const row = await first(
        "SELECT * FROM team_preview_tokens WHERE token_hash = @tokenHash AND kind = 'pass' AND expires_at > @now",
        { tokenHash, now },
      );
      return row && toToken(row);
    },
    async savePreviewShare(share, tokenHash) {
      await run(
        `INSERT INTO team_preview_shares (id, token_hash, number, created_by, created_at, expires_at)
         VALUES (@id, @tokenHash, @number, @createdBy, @createdAt, @expiresAt)`,
        {
          id: share.id,
          tokenHash,
          number: share.number,
          createdBy: share.createdBy,
          createdAt: share.createdAt,
          expiresAt: share.expiresAt,
        },
      );
    },
    async previewShare(id) {
      const row = await first("SELECT * FROM team_preview_shares WHERE id = @id", { id });
      return row && toShare(row);
    },
    async previewShareByToken(tokenHash) {
      const row = await first("SELECT * FROM team_preview_shares WHERE token_hash = @tokenHash", { tokenHash });
      return row && toShare(row);
    },
    async previewShares(number) {
      const rows = await run("SELECT * FROM team_preview_shares WHERE number = @number ORDER BY created_at DESC, id", {
        number,
      });
      return rows.map(toShare);
    },
    async revokePreviewShare(id, by, at) {
      await run(
        "UPDATE team_preview_shares SET revoked_by = @by, revoked_at = @at WHERE id = @id AND revoked_at IS NULL",
        { id, by, at },
      );
      const row = await first("SELECT * FROM team_preview_shares WHERE id = @id", { id });
      return row && toShare(row);
    },
    async claimPreviewAnnouncement(number, at) {
      const rows = await run(
        `INSERT INTO team_preview_announcements (number, announced_at) VALUES (@number, @at)
         ON CONFLICT (number) DO NOTHING RETURNING number`,
        { number, at },
      );
      return rows.length > 0;
    },
  };
}

/** `@name` parameters as PostgreSQL numbers them ($1…), with their values in that order. */
export function numberedParameters(sql: string, values: Record<string, unknown>) {
  const order: string[] = [];
  const text = sql.replace(/@([a-zA-Z]+)/g, (_match, name: string) => {
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}`;
  });
  return { text, values: order.map((name) => values[name] ?? null) };
}
