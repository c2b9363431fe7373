import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Stateless lead tokens: `<payload>.<signature>`, both base64url, the payload holding the expiry
 * (epoch ms) and a nonce, the signature an HMAC-SHA256 with the server secret. Nothing is stored;
 * every instance sharing LEAD_TOKEN_SECRET accepts the tokens of the others.
 */
export interface IssuedToken {
  token: string;
  expiresAt: string;
  expiresIn: number;
}

function sign(secret: Buffer, payload: string): Buffer {
  return createHmac("sha256", secret).update(payload).digest();
}

export function issueToken(secret: Buffer, ttlSeconds: number, now: number): IssuedToken {
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

export function verifyToken(secret: Buffer, token: string | undefined, now: number): TokenCheck {
  if (!token) return "missing";
  const parts = token.split(".");
  if (parts.length !== 2 || token.length > 200) return "invalid";
  const [payload, signature] = parts;
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  let expires: unknown;
  try {
    expires = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }).exp;
  } catch {
    return "invalid";
  }
  if (typeof expires !== "number") return "invalid";
  return now < expires ? "valid" : "expired";
}
