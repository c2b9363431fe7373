import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { leadApiErrors } from "../../contract/errors.ts";
import { statusOf } from "../../contract/refusals.server.ts";
import { RESOURCE_POLICY } from "../../platform/site-policy.ts";
import {
  type MemoryFile,
  REVALIDATE,
  type StaticSiteOptions,
  liveSite,
  siteAnswer,
} from "../../platform/site-files.ts";

function sendMemory(request: FastifyRequest, reply: FastifyReply, file: MemoryFile, status = 200) {
  reply
    .header("content-type", file.contentType)
    .header("cache-control", REVALIDATE)
    .header("content-security-policy", file.csp);
  if (status === 200) {
    reply.header("etag", file.etag);
    if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
  }
  return reply.code(status).send(file.body);
}

/**
 * Serves the prerendered site: pages with a per-page CSP, hashed assets and pictures' files as immutable, other public files briefly cached, and the 404 page (status 404) for the rest.
 */
export async function staticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const site = liveSite(options);
  await app.register(fastifyStatic, { root: options.siteDir, serve: false });

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendMemory(request, reply, site.notFoundFor(request.url.split("?")[0]!), 404);

  app.get("/*", (request, reply) => {
    const answer = siteAnswer(site, request.url);
    switch (answer.kind) {
      case "redirect":
        return reply.redirect(answer.location, 301);
      case "page":
        return sendMemory(request, reply, answer.page);
      case "file":
        reply.header("content-security-policy", RESOURCE_POLICY);
        reply.header("cache-control", answer.cacheControl);
        return reply.sendFile(answer.urlPath.slice(1), { cacheControl: false });
      case "not-found":
        return sendMemory(request, reply, answer.page, 404);
    }
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") return notFound(request, reply);
    // Only the API takes other methods: a form posted to a page's URL is told so, in the API's JSON shape.
    const { code, message } = leadApiErrors.apiNotFound;
    return reply.code(statusOf(leadApiErrors.apiNotFound)).send({ success: false, code, message });
  });
}
