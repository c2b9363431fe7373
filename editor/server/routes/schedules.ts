import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  type CatalogueError,
  catalogueError,
  editorReviewErrors,
  editorScheduleErrors,
} from "../../../contract/errors.ts";
import {
  SCHEDULES_PATH,
  type Schedule,
  type SchedulesAnswer,
  TAKE_DOWN_PATH,
  type TakeDown,
  type TakenDownPage,
} from "../../protocol.ts";
import { reviewForgeOf } from "../../forge/of-repository.ts";
import { Repository } from "../../git/repository.ts";
import { type ScheduleRecord, type ScheduleTime, requestNumberOf, shownSchedule } from "../../team/schedule-rows.ts";
import { LOCAL_TIME_PATTERN, shownTime, zonedMoment } from "../../team/schedule-time.ts";
import type { TeamStore } from "../../team/store.ts";
import { nearestPage, pagesAt } from "../../team/take-down.ts";
import { refused } from "../refusals.ts";
import { type InputTypes, NOTHING, REQUEST_NUMBER, fields, text } from "../route-schema.ts";

export interface ScheduleRoutesOptions {
  store: TeamStore;
  now: () => number;
  projectDirOf: (request: FastifyRequest) => string;
  env: NodeJS.ProcessEnv;
  /** Whether a publisher may schedule a request they asked for (EDIT_TEAM_MERGE_OWN=1), as merging allows. */
  mergeOwn: boolean;
  /** Told of a schedule added or given a new time, so that this instance's scheduler looks again. */
  onChanged?: () => void;
}

const DAY_MS = 86_400_000;
/** How far ahead a schedule may be: a year (of 366 days, so that the same date a year on is always allowed). */
const FARTHEST_MS = 366 * DAY_MS;
/** How long the calendar lists a schedule after it ran or was cancelled. */
const LISTED_FOR_MS = 30 * DAY_MS;

const PUBLISHER = "publisher";
const ID = { type: "integer", minimum: 1, maximum: 2 ** 53 - 1, description: "The schedule's id" } as const;
const LOCAL_TIME = text(16, "The wall-clock time it runs at, in `timeZone`: YYYY-MM-DDTHH:MM", {
  pattern: LOCAL_TIME_PATTERN,
  examples: ["2026-12-14T09:00"],
});
const TIME_ZONE = text(64, "The IANA time zone `localTime` is in", {
  pattern: "^[A-Za-z][A-Za-z0-9_+/-]*$",
  examples: ["Europe/Berlin"],
});
const scheduleBody = fields({ number: REQUEST_NUMBER, localTime: LOCAL_TIME, timeZone: TIME_ZONE }, [
  "number",
  "localTime",
  "timeZone",
]);
const timeBody = fields({ id: ID, localTime: LOCAL_TIME, timeZone: TIME_ZONE }, ["id", "localTime", "timeZone"]);
const idBody = fields({ id: ID }, ["id"]);
const ADDRESS = text(
  500,
  "A page's address as the site writes it, its locale's prefix included: /pricing, /de/preise",
  {
    pattern: "^/[^\\s]*$",
    examples: ["/pricing"],
  },
);
const takeDownBody = fields(
  {
    pages: {
      type: "object",
      description: "The live pages to take down, by file, each with the address it then leads to ('' for its parent)",
      additionalProperties: text(500, "The address the page then leads to, or '' for its parent", {
        pattern: "^(/[^\\s]*)?$",
        examples: ["/pricing", ""],
      }),
      maxProperties: 50,
    },
    number: { ...REQUEST_NUMBER, description: "The merged request whose change comes down" },
    redirectTo: ADDRESS,
    localTime: LOCAL_TIME,
    timeZone: TIME_ZONE,
  },
  ["localTime", "timeZone"],
);

/**
 * Scheduled publishing (the team editor's): anyone signed in reads the calendar; a publisher schedules a request's
 * merge at a wall-clock time in a zone, changes or cancels it while it waits, and retries a failed one at a new time.
 * Each refusal is the catalogue's; each write is audited, with the schedule it touched.
 */
export const scheduleRoutes =
  (options: ScheduleRoutesOptions): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    const { store, now } = options;

    /** The moment a time the person gave makes, refused when there is none or it is not within the coming year. */
    const timeOf = (localTime: string, timeZone: string): ScheduleTime => {
      const moment = zonedMoment(localTime, timeZone);
      if (moment.kind === "unknown-zone") throw catalogueError(editorScheduleErrors.unknownZone, { zone: timeZone });
      if (moment.kind === "not-a-time") throw catalogueError(editorScheduleErrors.notATime, { localTime });
      const time = shownTime(localTime, moment.kind === "moment" ? moment.timeZone : timeZone);
      if (moment.kind === "skipped") throw catalogueError(editorScheduleErrors.skippedTime, { time });
      if (moment.at <= now()) throw catalogueError(editorScheduleErrors.past, { time });
      if (moment.at - now() > FARTHEST_MS) throw catalogueError(editorScheduleErrors.tooFar, { time });
      return { localTime, timeZone: moment.timeZone, at: moment.at };
    };

    const personOf = (request: FastifyRequest) => {
      const person = request.teamPerson!;
      return { name: person.name, email: person.email };
    };

    /** A publisher schedules the merge of another person's request, unless the team allows their own. */
    const refuseOwn = (request: FastifyRequest, author: { email: string } | undefined) => {
      if (!options.mergeOwn && author?.email === personOf(request).email) throw refused(editorReviewErrors.ownRequest);
    };

    const alreadyOf = (number: number, schedule: ScheduleRecord): CatalogueError =>
      catalogueError(
        schedule.kind === "publish" ? editorScheduleErrors.already : editorScheduleErrors.alreadyTakenDown,
        {
          number,
          time: shownTime(schedule.localTime, schedule.timeZone),
        },
      );

    /** The schedule `id` in `state`, refused when there is none or it is in another. */
    const scheduleIn = async (id: number, state: "waiting" | "failed") => {
      const schedule = await store.findSchedule(id);
      if (!schedule) throw catalogueError(editorScheduleErrors.notFound, { id });
      if (schedule.state !== state)
        throw catalogueError(state === "waiting" ? editorScheduleErrors.notWaiting : editorScheduleErrors.notFailed, {
          id,
          state: schedule.state,
        });
      return schedule;
    };

    /** What the audit log records of a write: the schedule, its request and its time as given. */
    const audited = (request: FastifyRequest, schedule: ScheduleRecord): Schedule => {
      request.auditDetail = {
        schedule: schedule.id,
        ...(requestNumberOf(schedule) !== undefined && { request: requestNumberOf(schedule) }),
        ...(schedule.kind === "take-down" && { kind: schedule.kind }),
        ...(schedule.takeDown?.pages.length && { pages: schedule.takeDown.pages.map((page) => page.file).join(", ") }),
        ...(schedule.state === "waiting" && { localTime: schedule.localTime, timeZone: schedule.timeZone }),
      };
      options.onChanged?.();
      return shownSchedule(schedule);
    };

    const list = { config: { role: "viewer" }, schema: { querystring: NOTHING } } as const;
    app.get(SCHEDULES_PATH, list, async (): Promise<SchedulesAnswer> => {
      const schedules = await store.listSchedules(now() - LISTED_FOR_MS);
      return { schedules: schedules.map(shownSchedule) };
    });

    const add = {
      config: { role: PUBLISHER, audit: "schedule" },
      schema: { body: scheduleBody, querystring: NOTHING },
    } as const;
    app.post(SCHEDULES_PATH, add, async (request): Promise<Schedule> => {
      const { number, localTime, timeZone } = request.body;
      const time = timeOf(localTime, timeZone);
      const unfinished = await store.unfinishedScheduleOf(number, "publish");
      if (unfinished) throw alreadyOf(number, unfinished);
      const repo = await Repository.open(options.projectDirOf(request));
      const base = await repo.base();
      const forge = await reviewForgeOf(repo, base, options.env);
      const found = (await forge.listOpen(base.branch)).find((item) => item.number === number);
      if (!found) throw catalogueError(editorReviewErrors.notOpen, { number });
      refuseOwn(request, found.askedBy);
      const added = await store.addSchedule({
        kind: "publish",
        request: { number, title: found.title },
        requestUrl: found.url,
        baseBranch: base.branch,
        ...(found.askedBy && { author: found.askedBy }),
        ...time,
        scheduledBy: personOf(request),
        createdAt: now(),
      });
      // Scheduled by someone else meanwhile.
      if (!added) throw alreadyOf(number, (await store.unfinishedScheduleOf(number, "publish"))!);
      return audited(request, added);
    });

    const takeDown = {
      config: { role: PUBLISHER, audit: "schedule" },
      schema: { body: takeDownBody, querystring: NOTHING },
    } as const;
    app.post(TAKE_DOWN_PATH, takeDown, async (request): Promise<Schedule> => {
      const { pages, number, redirectTo, localTime, timeZone } = request.body;
      const time = timeOf(localTime, timeZone);
      const repo = await Repository.open(options.projectDirOf(request));
      const base = await repo.base();
      /** The change of request `number` to take down at `at`: merged, or to go live before then. */
      const changeOf = async (number: number, at: number, redirect: string | undefined) => {
        const unfinished = await store.unfinishedScheduleOf(number, "take-down");
        if (unfinished) throw alreadyOf(number, unfinished);
        const found = await (await reviewForgeOf(repo, base, options.env)).state(number);
        // A request not merged yet may come down after it goes live: its take-down then waits for its publication.
        const goesLive = await store.unfinishedScheduleOf(number, "publish");
        if (found.state !== "merged" && !(found.state === "open" && goesLive && goesLive.at < at))
          throw catalogueError(editorScheduleErrors.notMerged, { number });
        const title = goesLive?.request?.title;
        return { number, ...(title && { title }), ...(redirect && { redirectTo: redirect }) };
      };
      // The pages of the site as the person's copy last saw its base (Get latest brings it up to date).
      const live = await pagesAt(repo, await repo.commitOf(base.ref));
      const removed = new Set(Object.keys(pages ?? {}));
      const staying = new Set([...live].filter(([file]) => !removed.has(file)).map(([, page]) => page.address));
      const target = (address: string) => {
        if (!staying.has(address)) throw catalogueError(editorScheduleErrors.redirectNotAPage, { address });
        return address;
      };
      let named: TakeDown;
      if (pages && number === undefined && Object.keys(pages).length > 0) {
        const taken = Object.entries(pages).map(([file, to]): TakenDownPage => {
          const page = live.get(file);
          if (!page) throw catalogueError(editorScheduleErrors.pageNotLive, { file });
          const redirect = to ? target(to) : nearestPage(page.address, staying);
          return { file, path: page.address, title: page.title, redirectTo: redirect };
        });
        named = { pages: taken };
      } else if (number !== undefined && pages === undefined) {
        named = { pages: [], change: await changeOf(number, time.at, redirectTo && target(redirectTo)) };
      } else throw catalogueError(editorScheduleErrors.takeDownWhat);
      const added = await store.addSchedule({
        kind: "take-down",
        takeDown: named,
        baseBranch: base.branch,
        ...time,
        scheduledBy: personOf(request),
        createdAt: now(),
      });
      // The same change's take-down scheduled by someone else meanwhile.
      if (!added) throw alreadyOf(number!, (await store.unfinishedScheduleOf(number!, "take-down"))!);
      return audited(request, added);
    });

    const change = {
      config: { role: PUBLISHER, audit: "schedule-change" },
      schema: { body: timeBody, querystring: NOTHING },
    } as const;
    app.post(`${SCHEDULES_PATH}/change`, change, async (request): Promise<Schedule> => {
      const { id, localTime, timeZone } = request.body;
      const schedule = await scheduleIn(id, "waiting");
      refuseOwn(request, schedule.author);
      const changed = await store.changeSchedule(id, timeOf(localTime, timeZone), personOf(request), now());
      return audited(request, changed ?? (await scheduleIn(id, "waiting")));
    });

    const cancel = {
      config: { role: PUBLISHER, audit: "schedule-cancel" },
      schema: { body: idBody, querystring: NOTHING },
    } as const;
    app.post(`${SCHEDULES_PATH}/cancel`, cancel, async (request): Promise<Schedule> => {
      const { id } = request.body;
      await scheduleIn(id, "waiting");
      const cancelled = await store.cancelSchedule(id, now());
      return audited(request, cancelled ?? (await scheduleIn(id, "waiting")));
    });

    const retry = {
      config: { role: PUBLISHER, audit: "schedule-retry" },
      schema: { body: timeBody, querystring: NOTHING },
    } as const;
    app.post(`${SCHEDULES_PATH}/retry`, retry, async (request): Promise<Schedule> => {
      const { id, localTime, timeZone } = request.body;
      const schedule = await scheduleIn(id, "failed");
      refuseOwn(request, schedule.author);
      const time = timeOf(localTime, timeZone);
      const number = requestNumberOf(schedule);
      if (number !== undefined) {
        const unfinished = await store.unfinishedScheduleOf(number, schedule.kind);
        if (unfinished) throw alreadyOf(number, unfinished);
      }
      const retried = await store.retrySchedule(id, time, personOf(request), now());
      return audited(request, retried ?? (await scheduleIn(id, "failed")));
    });
  };
