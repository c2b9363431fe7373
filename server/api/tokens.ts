import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { LeadToken } from "../../contract/lead-api.ts";

/**
 * Stateless lead tokens: `<payload>.<signature>`, both base64url, the payload holding the expiry
 * (epoch ms) and a nonce, the signature an HMAC-SHA256 with the server secret. Nothing is stored;
 * every instance sharing LEAD_TOKEN_SECRET accepts the tokens of the others.
 */

function sign(secret: Buffer, payload: string): Buffer {
  return createHmac("sha256", secret).update(payload).digest();
}

export function issueToken(secret: Buffer, ttlSeconds: number, now: number): LeadToken {
  const expires = now + ttlSeconds * 1000;
  const payload = Buffer.from(JSON.stringify({ exp: expires, n: randomBytes(9).toString("base64url") })).toString(
    "base64url",
  );
  return {
    token: `${payload}.${sign(secret, payload).toString("base64url")}`,
    expiresAt: new Date(expires).toISOString(),
    expiresIn: ttlSeconds,
  };
}

export type TokenCheck = "valid" | "missing" | "invalid" | "expired";

/** The expiry a token carries when its signature is ours; undefined for anything else. */
function signedExpiry(secret: Buffer, token: string): number | undefined {
  const parts = token.split(".");
  if (parts.length !== 2 || token.length > 200) return undefined;
  const [payload, signature] = parts;
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let expires: unknown;
  try {
    expires = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }).exp;
  } catch {
    return undefined;
  }
  return typeof expires === "number" ? expires : undefined;
}

/** How many verified tokens a verifier remembers; beyond that it forgets them all and starts again. */
const REMEMBERED = 10_000;

/**
 * Checks lead tokens signed with `secret`, remembering the expiry of those whose signature it has checked: a
 * visitor's form keeps its token until it expires and sends it with every submission and retry, and the HMAC is the
 * costly part. Only tokens that verified are remembered (forgeries are checked every time, and cost the sender their
 * rate limit), and the expiry is still compared with the clock on every call.
 */
export function tokenVerifier(secret: Buffer) {
  const verified = new Map<string, number>();
  return (token: string | undefined, now: number): TokenCheck => {
    if (!token) return "missing";
    let expires = verified.get(token);
    if (expires === undefined) {
      expires = signedExpiry(secret, token);
      if (expires === undefined) return "invalid";
      if (verified.size >= REMEMBERED) verified.clear();
      verified.set(token, expires);
    }
    return now < expires ? "valid" : "expired";
  };
}
