import { createHash } from "node:crypto";

/**
 * Hosts the video embeds need: youtube-video-element loads YouTube's iframe API script and
 * frames youtube(-nocookie).com; vimeo-video-element frames player.vimeo.com (its JS is bundled).
 */
const VIDEO_SCRIPT_HOSTS = ["https://www.youtube.com"];
const VIDEO_FRAME_HOSTS = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"];
const VIDEO_IMAGE_HOSTS = ["https://i.ytimg.com", "https://i.vimeocdn.com"];

/** Inline <script> elements (no src attribute) of an HTML document, as the browser hashes them. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (const match of html.matchAll(pattern)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    scripts.push(body);
  }
  return scripts;
}

export function scriptHashes(html: string): string[] {
  const unique = new Set(
    inlineScripts(html).map((body) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`),
  );
  return [...unique];
}

export interface CspOptions {
  connectSrc: string[];
  upgradeInsecureRequests: boolean;
}

/**
 * The Content-Security-Policy of one prerendered page. Scripts: only our files and the exact inline
 * scripts of this page (by hash), never 'unsafe-inline'. Styles need 'unsafe-inline' because emotion
 * (Chakra UI) inserts <style> elements at runtime and the markup carries style attributes; a nonce
 * cannot help a static file whose bytes are identical for every visitor (docs/server.md).
 */
export function pagePolicy(html: string, options: CspOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes(html), ...VIDEO_SCRIPT_HOSTS].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${VIDEO_IMAGE_HOSTS.join(" ")}`,
    "font-src 'self'",
    "media-src 'self' blob:",
    `frame-src ${VIDEO_FRAME_HOSTS.join(" ")}`,
    ["connect-src 'self'", ...options.connectSrc].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.upgradeInsecureRequests) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** For everything that is not a page (assets, data, API answers): nothing may run or frame it. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sent with every answer (deploy/nginx.conf repeats them: the parity test compares). */
export const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
} as const;
