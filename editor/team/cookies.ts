import type { CookieSerializeOptions } from "@fastify/cookie";

/** The cookies the team editor sets: Secure, unless EDIT_TEAM_INSECURE_COOKIES=1 on http://localhost. */
export interface CookieOptions {
  secure: boolean;
}

/** With Secure, the __Host- prefix also pins the cookie to this host and path /. */
export const sessionCookieName = ({ secure }: CookieOptions) => (secure ? "__Host-editor-session" : "editor-session");
export const flowCookieName = ({ secure }: CookieOptions) => (secure ? "__Host-editor-sign-in" : "editor-sign-in");

/** How a cookie of the team editor is set (through @fastify/cookie's `reply.setCookie`) for `maxAgeSeconds`. */
export const cookieOptions = (maxAgeSeconds: number, { secure }: CookieOptions): CookieSerializeOptions => ({
  path: "/",
  maxAge: maxAgeSeconds,
  httpOnly: true,
  sameSite: "lax",
  secure,
});
