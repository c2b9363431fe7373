import crypto from "node:crypto";

/** The SHA-256 of some bytes or text, in hex: what caches and builds name their inputs by. */
export const digest = (bytes: Buffer | string): string => crypto.createHash("sha256").update(bytes).digest("hex");
