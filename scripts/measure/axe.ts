import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * axe-core on `page`, as every audit of the project runs it (the review's and the browser suites'): the violations
 * only, and in one pass of `axe.run` over the page and its same-origin frames. The default pass runs the audit frame
 * by frame and then merges the results in a blank page it opens for that: a page and a second injection of axe, about
 * 1.2 s of CPU per audit, which buys only the audit of cross-origin frames, and neither the site nor the editor has
 * any (the editor's previews are its own origin). Measured on eight routes: 2.1 s an audit, against 0.64 s.
 */
export const axeAudit = (page: Page): AxeBuilder =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
