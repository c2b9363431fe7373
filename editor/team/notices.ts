import { messageOf, teamNoticeErrors, teamNoticeMails, type NoticePage } from "../../contract/errors.ts";
import { requestAddress } from "../protocol.ts";
import { oneLine, smtpTransport } from "../../platform/smtp.ts";
import { type People, roleOf } from "./people.ts";
import { roleAtLeast } from "./roles.ts";
import { nameFromAddress } from "./sessions.ts";
import type { NoticePreferences, TeamStore } from "./store.ts";

export interface NoticePerson {
  name: string;
  email: string;
}

/** A review request as a notice names it. */
export interface NoticeRequest {
  number: number;
  title: string;
  url: string;
}

/** Where a notice that could not be sent is written: the editor's log (pino's, or a request's). */
export interface NoticeLog {
  warn: (fields: Record<string, unknown>, message: string) => void;
}

/** A request merged or sent back, for the person who asked for it. */
export type Answer =
  | { kind: "merged"; author: NoticePerson; by: NoticePerson; request: NoticeRequest }
  | { kind: "sent-back"; author: NoticePerson; by: NoticePerson; request: NoticeRequest; comment: string };

/** A scheduled merge that failed, for the people who must act on it. */
export interface ScheduleFailure {
  scheduledBy: NoticePerson;
  author?: NoticePerson;
  request: NoticeRequest;
  /** When it was to run, as people read it: "2026-12-14 09:00 (Europe/Berlin)". */
  time: string;
  reason: string;
  /** A take-down's, in words: what was to come down (its mail says so, not that a request was to go live). */
  takeDown?: { what: string };
}

export interface TeamNotices {
  /** Publishers (and admins) of the people file, but the author, are told a review is requested. */
  reviewRequested(notice: { by: NoticePerson; request: NoticeRequest; pages: NoticePage[] }, log: NoticeLog): void;
  /** The person who asked for a request is told it was merged or sent back, if the people file lets them in. */
  answered(notice: Answer & { pages: NoticePage[] }, log: NoticeLog): void;
  /**
   * A scheduled merge failed: the publisher who scheduled it and the request's author (if the people file lets them
   * in) are told why, whatever their choices of notices, since only a person retries it.
   */
  scheduleFailed(notice: ScheduleFailure, log: NoticeLog): void;
  /** Resolves once every notice under way is sent or has failed. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface NoticeOptions {
  mail: { smtpUrl: string; from: string };
  publicUrl: URL;
  store: TeamStore;
  people: () => People;
}

interface Mail {
  to: NoticePerson;
  subject: string;
  text: string;
}

/**
 * E-mail notices of the team editor, through the lead API's SMTP transport. Each is sent after the action that
 * caused it has answered, never in its way: a notice that cannot be sent is logged (TEAM_NOTICE_NOT_SENT) and the
 * publish, merge or send-back stands. A person who turned a notice off (their preferences in the store) gets none.
 */
export function teamNotices({ mail, publicUrl, store, people }: NoticeOptions): TeamNotices {
  const transport = smtpTransport(mail.smtpUrl);
  const pending = new Set<Promise<void>>();
  const editorUrl = new URL("/", publicUrl).href;

  /** A person's name as they signed in with it, else read from their address. */
  const nameOf = async (email: string) =>
    (await store.listSessions()).find((session) => session.email === email && session.name)?.name ??
    nameFromAddress(email);

  const send = async ({ to, subject, text }: Mail, log: NoticeLog) => {
    try {
      await transport.sendMail({ from: mail.from, to: to.email, subject: oneLine(subject).slice(0, 200), text });
    } catch (error) {
      failed(log, to.email, subject, error);
    }
  };

  const failed = (log: NoticeLog, to: string, subject: string, error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    const entry = teamNoticeErrors.notSent;
    log.warn({ code: entry.code, to }, messageOf(entry, { to, subject, reason }));
  };

  /**
   * Runs a notice in the background: the caller's answer does not wait for it, and nothing it throws escapes (a store
   * that cannot be read is logged as the notice not sent to `to`).
   */
  const later = (log: NoticeLog, to: string, subject: string, work: () => Promise<void>) => {
    const running = work().catch((error: unknown) => failed(log, to, subject, error));
    const tracked = running.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const settled = async () => {
    while (pending.size) await Promise.all(pending);
  };

  const wants = async (email: string, which: keyof NoticePreferences) => (await store.noticePreferences(email))[which];

  return {
    reviewRequested({ by, request, pages }, log) {
      const subject = messageOf(teamNoticeMails.reviewRequestedSubject, { by: by.name, title: request.title });
      later(log, "the publishers", subject, async () => {
        const publishers = Object.entries(people().people)
          .filter(([email, role]) => roleAtLeast(role, "publisher") && email !== by.email)
          .map(([email]) => email);
        for (const email of publishers) {
          if (!(await wants(email, "reviewRequested"))) continue;
          const to = { email, name: await nameOf(email) };
          const params = { ...request, to: to.name, by: by.name, pages };
          await send(
            {
              to,
              subject,
              text: messageOf(teamNoticeMails.reviewRequestedText, {
                ...params,
                editorUrl: new URL(requestAddress(request.number), publicUrl).href,
              }),
            },
            log,
          );
        }
      });
    },
    answered(notice, log) {
      const { author, by, request } = notice;
      const subject =
        notice.kind === "merged"
          ? messageOf(teamNoticeMails.mergedSubject, { title: request.title })
          : messageOf(teamNoticeMails.sentBackSubject, { title: request.title });
      later(log, author.email, subject, async () => {
        // The author is read from the request's description, which anyone who may open a request on the forge writes:
        // only an address that may sign in to the editor is mailed.
        if (author.email === by.email || !roleOf(people(), author.email)) return;
        if (!(await wants(author.email, "ownRequests"))) return;
        const params = { ...request, to: author.name, by: by.name, pages: notice.pages, editorUrl };
        const text =
          notice.kind === "merged"
            ? messageOf(teamNoticeMails.mergedText, params)
            : messageOf(teamNoticeMails.sentBackText, { ...params, comment: notice.comment });
        await send({ to: author, subject, text }, log);
      });
    },
    scheduleFailed({ scheduledBy, author, request, time, reason, takeDown }, log) {
      if (takeDown) {
        const subject = messageOf(teamNoticeMails.takeDownFailedSubject, takeDown);
        const by = scheduledBy.name;
        later(log, scheduledBy.email, subject, async () => {
          const text = messageOf(teamNoticeMails.takeDownFailedText, {
            ...takeDown,
            to: by,
            by,
            time,
            reason,
            editorUrl,
          });
          await send({ to: scheduledBy, subject, text }, log);
        });
        return;
      }
      const subject = messageOf(teamNoticeMails.scheduleFailedSubject, { title: request.title });
      const readers = [scheduledBy, ...(author && author.email !== scheduledBy.email ? [author] : [])];
      for (const to of readers)
        later(log, to.email, subject, async () => {
          // The author is read from the request's description: only an address that may sign in is mailed.
          if (to !== scheduledBy && !roleOf(people(), to.email)) return;
          const text = messageOf(teamNoticeMails.scheduleFailedText, {
            ...request,
            to: to.name,
            by: scheduledBy.name,
            time,
            reason,
            editorUrl,
          });
          await send({ to, subject, text }, log);
        });
    },
    settled,
    async close() {
      await settled();
      transport.close();
    },
  };
}

/** A page as a notice lists it, from its text: its title and address (its file, for site settings and media). */
export function noticePage(file: string, text: string | undefined): NoticePage {
  const page = (() => {
    try {
      return JSON.parse(text ?? "") as { title?: unknown; path?: unknown };
    } catch {
      return {};
    }
  })();
  const title = typeof page.title === "string" && page.title.trim() ? page.title.trim() : undefined;
  return {
    title: title ?? file.slice(file.lastIndexOf("/") + 1),
    where: typeof page.path === "string" ? page.path : file,
  };
}
