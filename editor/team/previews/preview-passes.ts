import { hashSecret, randomSecret } from "../secrets.ts";
import type { PreviewShare, PreviewStore } from "./preview-store.ts";

/** An entry token takes a browser from the editor to a preview once, within this. */
export const ENTRY_MS = 60_000;
/** A team member's pass to one request's preview lasts this (opening it again from the editor renews it). */
export const MEMBER_PASS_MS = 8 * 3_600_000;
export const MAX_SHARE_DAYS = 7;
const DAY_MS = 86_400_000;

/** Who a preview's pass admits: a team member (by address), or whoever holds a share link (by its id). */
export type Admitted = { person: string } | { shareId: string };

/** Whether a share link still opens its preview at `at`: neither revoked nor expired. */
export const shareIsLive = (share: PreviewShare, at: number) => share.revokedAt === undefined && share.expiresAt > at;

/**
 * The ways into a request's preview, each bound to the request: an entry token the editor gives a signed-in person
 * (used once, within a minute), a share link a publisher makes (up to seven days, revocable), and the pass either is
 * exchanged for, which the preview's own cookie carries. Only hashes are stored.
 */
export function previewPasses(store: PreviewStore, now: () => number) {
  const issuePass = async (number: number, admitted: Admitted, expiresAt: number) => {
    const pass = randomSecret();
    await store.savePreviewToken({ tokenHash: hashSecret(pass), kind: "pass", number, ...admitted, expiresAt });
    return { pass, expiresAt };
  };
  return {
    async entryToken(number: number, person: string): Promise<string> {
      const token = randomSecret();
      await store.savePreviewToken({
        tokenHash: hashSecret(token),
        kind: "entry",
        number,
        person,
        expiresAt: now() + ENTRY_MS,
      });
      return token;
    },
    /** A pass for an entry token of request `number`; none when it was used, expired or is another request's. */
    async enter(token: string, number: number) {
      // Taken whatever happens next: a token tried on another request's preview is spent.
      const entry = await store.takePreviewEntry(hashSecret(token), now());
      if (!entry?.person || entry.number !== number) return undefined;
      return issuePass(number, { person: entry.person }, now() + MEMBER_PASS_MS);
    },
    async share(number: number, createdBy: string, days: number) {
      const token = randomSecret();
      const at = now();
      const share: PreviewShare = {
        id: randomSecret().slice(0, 16),
        number,
        createdBy,
        createdAt: at,
        expiresAt: at + Math.min(days, MAX_SHARE_DAYS) * DAY_MS,
      };
      await store.savePreviewShare(share, hashSecret(token));
      return { share, token };
    },
    /** A pass for a share link's token on request `number`'s preview; none when it ended or is another request's. */
    async enterShare(token: string, number: number) {
      const share = await store.previewShareByToken(hashSecret(token));
      if (!share || share.number !== number || !shareIsLive(share, now())) return undefined;
      return issuePass(number, { shareId: share.id }, share.expiresAt);
    },
    /** Whom a pass admits to request `number`'s preview now: a share link's is checked again each time. */
    async admits(pass: string, number: number): Promise<Admitted | undefined> {
      const found = await store.findPreviewPass(hashSecret(pass), now());
      if (!found || found.number !== number) return undefined;
      if (found.person) return { person: found.person };
      const share = found.shareId === undefined ? undefined : await store.previewShare(found.shareId);
      return share && share.number === number && shareIsLive(share, now()) ? { shareId: share.id } : undefined;
    },
  };
}

export type PreviewPasses = ReturnType<typeof previewPasses>;
