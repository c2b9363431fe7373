import { CalendarDays, ClipboardCheck, LogOut, Users } from "lucide-react";
import { Link } from "react-router";
import { EDITOR_VIEWS, type SignedInPerson } from "../protocol.ts";
import { api } from "./api.ts";
import { NoticeMenu } from "./team/NoticeMenu.tsx";
import "./person-bar.css";

/** Who is signed in to the team editor, with which role, and the way out. */
export function PersonBar({ person }: { person: SignedInPerson }) {
  const initials = person.name
    .split(/\s+/)
    .map((word) => word[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="person-bar">
      <span className="person-initials" aria-hidden>
        {initials}
      </span>
      <span className="person-who">
        <span className="person-name">{person.name}</span>
        <span className="muted person-role">{person.role}</span>
      </span>
      {(person.role === "publisher" || person.role === "admin") && (
        <Link className="button button-ghost" to={EDITOR_VIEWS.review}>
          <ClipboardCheck size={16} aria-hidden /> Review
        </Link>
      )}
      <Link className="button button-ghost" to={EDITOR_VIEWS.calendar}>
        <CalendarDays size={16} aria-hidden /> Calendar
      </Link>
      {person.role === "admin" && (
        <Link className="button button-ghost" to={EDITOR_VIEWS.team}>
          <Users size={16} aria-hidden /> Team
        </Link>
      )}
      <NoticeMenu role={person.role} />
      <button type="button" className="button button-ghost" onClick={() => void api.signOut()}>
        <LogOut size={16} aria-hidden /> Sign out
      </button>
    </div>
  );
}
