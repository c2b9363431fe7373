import type { FastifyInstance } from "fastify";
import { RESOURCE_POLICY } from "./csp.ts";

export interface SecurityHeaderOptions {
  hsts: boolean;
}

/** Headers every response carries; pages set their own Content-Security-Policy first. */
export function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", RESOURCE_POLICY);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "DENY");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header(
      "permissions-policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    );
    // Only behind https: a browser that saw HSTS over plain http would ignore it anyway, and a wrong
    // max-age on a local or staging host locks people out of http for a year.
    if (options.hsts) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
}
