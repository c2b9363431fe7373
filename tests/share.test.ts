// @vitest-environment node
import { describe, expect, it } from "vitest";
import { configErrors, messageOf } from "../contract/errors.ts";
import type { PageDocument, SiteConfig } from "../contract/generated/schema-types.ts";
import { getPage, getSite } from "../renderer/content/pages.server.ts";
import { shareImage } from "../renderer/content/share.server.ts";

describe("a page's shared picture", () => {
  it("refuses an image that is not a PNG or JPEG with the catalogue's message", () => {
    const page: PageDocument = { ...getPage("/")!, image: { src: "/og-image.svg", alt: "Voxa" } };
    const site: SiteConfig = getSite();
    expect(() => shareImage(page, site)).toThrow(
      expect.objectContaining({
        code: configErrors.notAnImage.code,
        message: messageOf(configErrors.notAnImage, { src: "/og-image.svg" }),
      }),
    );
  });
});
