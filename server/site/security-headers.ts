import type { FastifyInstance } from "fastify";
import { RESOURCE_POLICY, SECURITY_HEADERS } from "../../platform/site-policy.ts";

export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

export interface SecurityHeaderOptions {
  hsts: boolean;
}

/**
 * Headers every response carries, set when the request arrives (one object, no hook on the way out); a page replaces
 * the Content-Security-Policy with its own.
 */
export function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const headers: Record<string, string> = {
    "content-security-policy": RESOURCE_POLICY,
    ...SECURITY_HEADERS,
  };
  // Only behind https: a browser that saw HSTS over plain http would ignore it anyway, and a wrong
  // max-age on a local or staging host locks people out of http for a year.
  if (options.hsts) headers["strict-transport-security"] = HSTS_VALUE;
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
