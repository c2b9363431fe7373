import { useCallback, useEffect, useState } from "react";
import { Download } from "lucide-react";
import type { AuditLine, TeamPeople } from "../../protocol.ts";
import { ApiError, type Refusal, api, refusalOf } from "../api.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { Topbar } from "../Topbar.tsx";
import { useArrivalFocus } from "../focus.ts";
import { when } from "./when.ts";
import "../page-table.css";
import "./team-view.css";

const detailOf = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");

/** Who may sign in (the people file, read-only: it is changed by review) and who is signed in, with End sessions. */
function People({ people, onEnd }: { people: TeamPeople; onEnd: (email: string) => Promise<void> }) {
  const rows = [
    ...Object.entries(people.people).map(([who, role]) => ({ who, role, kind: "address" })),
    ...Object.entries(people.domains).map(([who, role]) => ({ who: `@${who}`, role, kind: "domain" })),
  ];
  return (
    <section className="team-section" aria-labelledby="people-title">
      <h2 id="people-title">People</h2>
      <p className="muted">
        Who may sign in, from <code>{people.file}</code> on the site's main branch. To change a role, change the file
        and publish it for review like code; a person's new role applies at their next sign-in (end their sessions to
        apply it now).
      </p>
      <div className="table-scroll">
        <table className="page-table">
          <thead>
            <tr>
              <th scope="col">Address or domain</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ who, role }) => (
              <tr key={who}>
                <td>{who}</td>
                <td data-label="Role">{role}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Signed in now</h3>
      <div className="table-scroll">
        <table className="page-table">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Role</th>
              <th scope="col">Sessions</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {people.signedIn.map((person) => (
              <tr key={person.email}>
                <td>
                  {person.name} <span className="muted">{person.email}</span>
                </td>
                <td data-label="Role">{person.role}</td>
                <td data-label="Sessions">{person.sessions}</td>
                <td data-label="Last seen">{when(person.lastSeenAt)}</td>
                <td className="page-actions">
                  <button
                    type="button"
                    className="button button-ghost"
                    aria-label={`End the sessions of ${person.name}`}
                    onClick={() => void onEnd(person.email)}
                  >
                    End sessions
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The audit log, by person, page and day, newest last, with its export as JSON lines. */
function Audit({ onRefused }: { onRefused: (refusal: Refusal) => void }) {
  const [filters, setFilters] = useState({ person: "", page: "", day: "" });
  const [entries, setEntries] = useState<AuditLine[] | null>(null);
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== "")).toString();
  const load = useCallback(
    () =>
      api.audit(query).then(
        (answer) => setEntries(answer.entries),
        (error: unknown) => error instanceof ApiError && onRefused(refusalOf(error)),
      ),
    [query, onRefused],
  );
  useEffect(() => void load(), [load]);
  const field = (name: keyof typeof filters, label: string, type = "text") => (
    <label>
      {label}
      <input
        type={type}
        value={filters[name]}
        onChange={(event) => setFilters({ ...filters, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <section className="team-section" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <div className="team-filters">
        {field("person", "Person (address)")}
        {field("page", "Page (file)")}
        {field("day", "Day", "date")}
        <a className="button" href={`/team/audit/export${query ? `?${query}` : ""}`} download="audit.jsonl">
          <Download size={16} aria-hidden /> Export JSON lines
        </a>
      </div>
      {entries && entries.length === 0 && <p className="muted">Nothing recorded for this selection.</p>}
      {entries && entries.length > 0 && (
        <div className="table-scroll">
          <table className="page-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Action</th>
                <th scope="col">Person</th>
                <th scope="col">Page</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={index}>
                  <td>{when(entry.at)}</td>
                  <td data-label="Action">{entry.action}</td>
                  <td data-label="Person" className={entry.person ? undefined : "cell-none"}>
                    {entry.person ?? "—"}
                  </td>
                  <td data-label="Page" className={entry.page ? undefined : "cell-none"}>
                    {entry.page ? <code>{entry.page}</code> : "—"}
                  </td>
                  <td data-label="Details" className="muted">
                    {detailOf(entry.detail)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The admin's view of the team: people and their sessions, and the audit log. */
export function TeamView({ arrived, onBack }: { arrived: boolean; onBack: () => void }) {
  const heading = useArrivalFocus(arrived);
  const [people, setPeople] = useState<TeamPeople | null>(null);
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [notice, setNotice] = useState("");
  const load = useCallback(
    () =>
      api.people().then(setPeople, (error: unknown) => {
        if (error instanceof ApiError) setRefusal(refusalOf(error));
      }),
    [],
  );
  useEffect(() => void load(), [load]);
  const onRefused = useCallback((next: Refusal) => setRefusal(next), []);
  return (
    <div className="changes-view">
      <Topbar heading={heading} title="Team" detail="people, sessions and the audit log" onBack={onBack} />
      <main className="pages" id="main">
        {refusal && <CatalogueAlert refusal={refusal} />}
        <p role="status" className="muted">
          {notice}
        </p>
        {people && (
          <People
            people={people}
            onEnd={async (email) => {
              try {
                setNotice((await api.endSessions(email)).message);
                await load();
              } catch (error) {
                if (error instanceof ApiError) setRefusal(refusalOf(error));
              }
            }}
          />
        )}
        <Audit onRefused={onRefused} />
      </main>
    </div>
  );
}
