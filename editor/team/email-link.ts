import { teamLines } from "../../contract/errors.ts";
import { smtpTransport } from "../../platform/smtp.ts";
import { print } from "../../toolchain/print.ts";
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

/** How a link reaches the person who asked for it. */
export interface LinkDelivery {
  deliver: (email: string, link: string) => Promise<void>;
  /**
   * Told of an address that may not sign in, which the page answers as any other. Mail says nothing (anyone may type
   * an address); the terminal of one machine is its owner's, who is told why no link came.
   */
  notAllowed?: (email: string) => void;
  close: () => void;
}

/** The mail a link is sent in. */
export const LINK_MAIL = {
  subject: "Your sign-in link to the page editor",
  text: (link: string) =>
    `Open this link to sign in to the page editor:\n\n${link}\n\nIt works once, for 15 minutes. If you did not ask for it, ignore this message.\n`,
};

/** Links mailed through the team's SMTP server. */
export function smtpDelivery(settings: MailSettings): LinkDelivery {
  const transport = smtpTransport(settings.smtpUrl);
  return {
    deliver: async (email, link) => {
      await transport.sendMail({
        from: settings.from,
        to: email,
        subject: LINK_MAIL.subject,
        text: LINK_MAIL.text(link),
      });
    },
    close: () => transport.close(),
  };
}

/** Links printed in the terminal that started the editor, for one machine (EDIT_TEAM_LINKS_TO_TERMINAL=1). */
export const terminalDelivery = (): LinkDelivery => ({
  deliver: async (email, link) => print(teamLines.linkInTerminal, { email, link }),
  notAllowed: (email) => print(teamLines.linkNotAllowed, { email }),
  close: () => undefined,
});

/** Sign-in by link: a random token, stored hashed, delivered to the address that asked. */
export function signInLinks(publicUrl: URL, delivery: LinkDelivery, store: TeamStore, now: () => number) {
  return {
    /** Stores a new token for an allowed address and delivers its link. */
    async send(email: string): Promise<void> {
      const token = randomSecret();
      await store.saveLinkToken(hashSecret(token), email, now() + LINK_TTL_MS);
      await delivery.deliver(email, new URL(`${LINK_PAGE_PATH}#${token}`, publicUrl).href);
    },
    /** The address a token was sent to, once; undefined if it was used, expired or never issued. */
    use: (token: string): Promise<string | undefined> => store.takeLinkToken(hashSecret(token), now()),
    /** An address that may not sign in asked for a link: none is made. */
    notAllowed: (email: string) => delivery.notAllowed?.(email),
    close: () => delivery.close(),
  };
}

/** Sign-in by e-mailed link, through the team's SMTP server. */
export const emailLinks = (settings: MailSettings, store: TeamStore, now: () => number) =>
  signInLinks(settings.publicUrl, smtpDelivery(settings), store, now);

export type EmailLinks = ReturnType<typeof signInLinks>;
