/** The cookies the team editor sets, and the one header it reads them from. */
export interface CookieOptions {
  secure: boolean;
}

/** With Secure, the __Host- prefix also pins the cookie to this host and path /. */
export const sessionCookieName = ({ secure }: CookieOptions) => (secure ? "__Host-editor-session" : "editor-session");
export const flowCookieName = ({ secure }: CookieOptions) => (secure ? "__Host-editor-sign-in" : "editor-sign-in");

/** Set-Cookie for a value; maxAgeSeconds 0 removes it. */
export function setCookie(name: string, value: string, maxAgeSeconds: number, { secure }: CookieOptions): string {
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
