import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh unguessable value (256 bits), URL-safe. */
export const randomSecret = () => randomBytes(32).toString("base64url");

/** What the store keeps of a secret: its SHA-256, so that a copy of the database opens nothing. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
