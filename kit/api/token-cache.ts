/** Where the lead token lives between page views (the token and its expiry are kept in local storage). */
export const TOKEN_STORAGE_KEY = "voxa.leadToken";

/**
 * A token this close to its expiry is treated as expired: it could lapse while the lead call is in flight, and a
 * fresh one costs one small request, whereas a 401 costs two.
 */
export const TOKEN_EXPIRY_MARGIN_MS = 5_000;

export interface CachedToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Lifetime in seconds when the token was issued (300 with the default API settings). */
  expiresIn: number;
}

/** The subset of the Web Storage API the cache needs, so tests and private browsing can give another store. */
export type TokenStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The browser's localStorage when it is usable, otherwise a store in memory: Safari's private mode and disabled
 * storage throw on access, and a visitor there must still be able to send the form.
 */
export function defaultTokenStorage(): TokenStorage {
  try {
    const storage = globalThis.localStorage;
    const probe = `${TOKEN_STORAGE_KEY}.probe`;
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

export function memoryStorage(): TokenStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * Reads an expiry as the API may send it: an ISO 8601 date, or a number of epoch seconds or milliseconds.
 * Returns NaN when it is none of these.
 */
export function parseExpiry(value: unknown): number {
  if (typeof value === "number" && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value === "string" && value.trim() !== "") {
    const asNumber = Number(value);
    return Number.isFinite(asNumber) ? parseExpiry(asNumber) : Date.parse(value);
  }
  return Number.NaN;
}

export const isUsable = (cached: CachedToken | undefined, now: number): cached is CachedToken =>
  cached !== undefined && cached.token !== "" && cached.expiresAt - TOKEN_EXPIRY_MARGIN_MS > now;

export class TokenCache {
  constructor(
    private readonly storage: TokenStorage,
    private readonly now: () => number,
  ) {}

  /** The cached token if it is still valid; an expired one is dropped and never returned. */
  get(): CachedToken | undefined {
    let cached: CachedToken | undefined;
    try {
      const parsed = JSON.parse(this.storage.getItem(TOKEN_STORAGE_KEY) ?? "null") as Partial<CachedToken> | null;
      if (parsed && typeof parsed.token === "string" && typeof parsed.expiresAt === "number") {
        cached = { token: parsed.token, expiresAt: parsed.expiresAt, expiresIn: Number(parsed.expiresIn) || 0 };
      }
    } catch {
      // A value written by hand or by an older version of the site: treat it as no token.
    }
    if (isUsable(cached, this.now())) return cached;
    if (cached) this.clear();
    return undefined;
  }

  set(token: string, expiresAt: number): CachedToken {
    const cached: CachedToken = {
      token,
      expiresAt,
      expiresIn: Math.max(0, Math.round((expiresAt - this.now()) / 1000)),
    };
    try {
      this.storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(cached));
    } catch {
      // Storage full or refused: the token still serves this submission, it is just not kept for the next.
    }
    return cached;
  }

  clear(): void {
    try {
      this.storage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // Nothing to clear when storage is refused.
    }
  }
}
