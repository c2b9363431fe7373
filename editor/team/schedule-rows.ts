import type { Schedule, ScheduleKind, ScheduleState, TakeDown } from "../protocol.ts";

/** When a schedule runs: the wall-clock time and zone the person gave, and the moment in UTC they make. */
export interface ScheduleTime {
  localTime: string;
  timeZone: string;
  at: number;
}

/** A schedule as the store keeps it: what the editor shows, and what its run needs of the request it merges. */
export interface ScheduleRecord extends Schedule {
  /** The branch the request merges into (a take-down's request too), as it was when scheduled. */
  baseBranch: string;
  /** A publish's request's page on the forge, for the e-mails. */
  requestUrl?: string;
  /** Who asked for the request (from its description), told with the publisher when the run fails. */
  author?: { name: string; email: string };
}

/** A schedule to add: waiting from `createdAt`. */
export type NewSchedule = Pick<
  ScheduleRecord,
  "kind" | "request" | "takeDown" | "requestUrl" | "baseBranch" | "author" | "scheduledBy" | "createdAt"
> &
  ScheduleTime;

/** Who takes a due schedule, when, and until when their lease lasts. */
export interface ScheduleClaim {
  now: number;
  by: string;
  until: number;
}

/** How a run ended: done, or failed with its reason in the catalogue's words. */
export interface ScheduleOutcome {
  state: Extract<ScheduleState, "done" | "failed">;
  ranAt: number;
  lateByMs: number;
  failure?: { code: string; message: string };
}

/** The schedules still to run count as one per request and kind: a request waits for one time of each at most. */
export const UNFINISHED = "('waiting', 'running')";
/** An insert's clause that adds nothing where the request has an unfinished schedule of that kind. */
export const ONE_PER_REQUEST = `ON CONFLICT (kind, request_number) WHERE state IN ${UNFINISHED} DO NOTHING`;

/** The request a take-down of a change names, kept in its row's request_number (its uniqueness is per kind). */
const changeNumberOf = (takeDown: TakeDown | undefined) => takeDown?.change?.number ?? null;

/** The request a schedule's row names: a publish's, or the one whose change a take-down undoes. */
export const requestNumberOf = (schedule: Schedule): number | undefined =>
  schedule.request?.number ?? schedule.takeDown?.change?.number;

/** A schedule from its row (both stores name the columns alike). */
export const toSchedule = (row: Record<string, unknown>): ScheduleRecord => ({
  id: Number(row.id),
  kind: row.kind as ScheduleKind,
  ...(row.kind === "publish" && {
    request: { number: Number(row.request_number), title: String(row.request_title) },
    requestUrl: String(row.request_url),
  }),
  ...(row.take_down !== null &&
    row.take_down !== undefined && { takeDown: JSON.parse(String(row.take_down)) as TakeDown }),
  baseBranch: String(row.base_branch),
  ...(row.author_email !== null && { author: { email: String(row.author_email), name: String(row.author_name) } }),
  localTime: String(row.local_time),
  timeZone: String(row.time_zone),
  at: Number(row.at),
  state: row.state as ScheduleState,
  scheduledBy: { name: String(row.scheduled_by_name), email: String(row.scheduled_by_email) },
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
  ...(row.ran_at !== null && { ranAt: Number(row.ran_at), lateByMs: Number(row.late_by_ms) }),
  ...(row.failure_code !== null && {
    failure: { code: String(row.failure_code), message: String(row.failure_message) },
  }),
});

/** A schedule as GET /api/schedules answers it: without what only its run needs. */
export const shownSchedule = ({ baseBranch: _base, requestUrl: _url, author: _author, ...shown }: ScheduleRecord) =>
  shown as Schedule;

/** The parameters of the schedule statements, named as SQLite takes them (@now…); PostgreSQL's are numbered from them. */
export const SCHEDULE_PARAMS = [
  "now",
  "by",
  "until",
  "id",
  "localTime",
  "timeZone",
  "at",
  "email",
  "name",
  "state",
  "lateByMs",
  "code",
  "message",
  "since",
  "number",
  "kind",
] as const;
export type ScheduleParam = (typeof SCHEDULE_PARAMS)[number];
export type ScheduleValues = Partial<Record<ScheduleParam, string | number | null>>;

const DUE = "((state = 'waiting' AND at <= @now) OR (state = 'running' AND claimed_until < @now))";
const RETIME = `local_time = @localTime, time_zone = @timeZone, at = @at, scheduled_by_email = @email,
  scheduled_by_name = @name, updated_at = @now`;

/**
 * The statements both stores share. A due schedule is a waiting one whose time has come, or a running one whose
 * claimant's lease lapsed (its instance was killed): a claim takes it for `by` until `until`. Changing, cancelling and
 * retrying touch a schedule only in the state they start from; finishing, only while its claimant still holds it.
 * Each answers the row it changed.
 */
export const SCHEDULE_SQL = {
  /** The first due schedule's id; each store locks it its own way. */
  firstDue: `SELECT id FROM team_schedules WHERE ${DUE} ORDER BY at, id LIMIT 1`,
  claim: `UPDATE team_schedules SET state = 'running', claimed_by = @by, claimed_until = @until, updated_at = @now
    WHERE id = @id AND ${DUE} RETURNING *`,
  change: `UPDATE team_schedules SET ${RETIME} WHERE id = @id AND state = 'waiting' RETURNING *`,
  retry: `UPDATE team_schedules SET ${RETIME}, state = 'waiting', claimed_by = NULL, claimed_until = NULL,
    ran_at = NULL, late_by_ms = NULL, failure_code = NULL, failure_message = NULL
    WHERE id = @id AND state = 'failed' RETURNING *`,
  cancel: `UPDATE team_schedules SET state = 'cancelled', updated_at = @now WHERE id = @id AND state = 'waiting'
    RETURNING *`,
  finish: `UPDATE team_schedules SET state = @state, ran_at = @now, late_by_ms = @lateByMs, failure_code = @code,
    failure_message = @message, claimed_until = NULL, updated_at = @now
    WHERE id = @id AND state = 'running' AND claimed_by = @by RETURNING *`,
  find: "SELECT * FROM team_schedules WHERE id = @id",
  unfinishedOf: `SELECT * FROM team_schedules WHERE kind = @kind AND request_number = @number AND state IN ${UNFINISHED}`,
  list: `SELECT * FROM team_schedules WHERE state IN ${UNFINISHED} OR updated_at >= @since ORDER BY at, id`,
  /** The next moment a schedule may be due: a waiting one's time, or a running one's lease running out. */
  next: `SELECT min(CASE WHEN state = 'waiting' THEN at ELSE claimed_until END) AS next FROM team_schedules
    WHERE state IN ${UNFINISHED}`,
} as const;

/** Every parameter a statement may name, those not given as null (SQLite wants each one it names). */
export const scheduleValues = (given: ScheduleValues) =>
  Object.fromEntries(SCHEDULE_PARAMS.map((name) => [name, given[name] ?? null])) as Record<
    ScheduleParam,
    string | number | null
  >;

/** The finish statement's values: a run's outcome, by the claimant `by` that holds schedule `id`. */
export const finishValues = (id: number, by: string, { state, ranAt, lateByMs, failure }: ScheduleOutcome) => ({
  id,
  by,
  state,
  now: ranAt,
  lateByMs,
  code: failure?.code,
  message: failure?.message,
});

/** A statement with PostgreSQL's numbered parameters, and its values in their order. */
export function numbered(sql: string, given: ScheduleValues): { text: string; values: unknown[] } {
  const order: ScheduleParam[] = [];
  const text = sql.replace(/@([a-zA-Z]+)/g, (_match, name: ScheduleParam) => {
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}`;
  });
  return { text, values: order.map((name) => given[name] ?? null) };
}

/** A new schedule's columns and values, in the same order, for either store's insert. */
export const SCHEDULE_COLUMNS = `kind, request_number, request_title, request_url, base_branch, author_email,
  author_name, local_time, time_zone, at, state, scheduled_by_email, scheduled_by_name, created_at, updated_at,
  take_down`;
export const scheduleRow = (s: NewSchedule): unknown[] => [
  s.kind,
  s.request?.number ?? changeNumberOf(s.takeDown),
  s.request?.title ?? null,
  s.requestUrl ?? null,
  s.baseBranch,
  s.author?.email ?? null,
  s.author?.name ?? null,
  s.localTime,
  s.timeZone,
  s.at,
  "waiting",
  s.scheduledBy.email,
  s.scheduledBy.name,
  s.createdAt,
  s.createdAt,
  s.takeDown ? JSON.stringify(s.takeDown) : null,
];
