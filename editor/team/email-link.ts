import nodemailer from "nodemailer";
import { hashSecret, randomSecret } from "./secrets.ts";
import type { TeamStore } from "./store.ts";

/** A link works once, for this long. */
export const LINK_TTL_MS = 15 * 60_000;
/**
 * The page the link opens. The token travels in the fragment, which browsers never send to a server: it stays out of
 * request lines, access logs and Referer headers; the page posts it in a request's body.
 */
export const LINK_PAGE_PATH = "/team/link";

export interface MailSettings {
  smtpUrl: string;
  from: string;
  publicUrl: URL;
}

/** Sign-in by e-mailed link: a random token, stored hashed, sent through the team's SMTP server. */
export function emailLinks(settings: MailSettings, store: TeamStore, now: () => number) {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  return {
    /** Stores a new token for an allowed address and mails its link. */
    async send(email: string): Promise<void> {
      const token = randomSecret();
      await store.saveLinkToken(hashSecret(token), email, now() + LINK_TTL_MS);
      const link = new URL(`${LINK_PAGE_PATH}#${token}`, settings.publicUrl).href;
      await transport.sendMail({
        from: settings.from,
        to: email,
        subject: "Your sign-in link to the page editor",
        text: `Open this link to sign in to the page editor:\n\n${link}\n\nIt works once, for 15 minutes. If you did not ask for it, ignore this message.\n`,
      });
    },
    /** The address a token was sent to, once; undefined if it was used, expired or never issued. */
    use: (token: string): Promise<string | undefined> => store.takeLinkToken(hashSecret(token), now()),
    close: () => transport.close(),
  };
}

export type EmailLinks = ReturnType<typeof emailLinks>;
