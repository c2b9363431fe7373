import { ClipboardCheck, LogOut, Users } from "lucide-react";
import type { SignedInPerson } from "../protocol.ts";
import { api } from "./api.ts";
import { NoticeMenu } from "./team/NoticeMenu.tsx";
import { REVIEW_HASH } from "./team/ReviewView.tsx";
import { TEAM_HASH } from "./team/TeamView.tsx";
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
        <a className="button button-ghost" href={REVIEW_HASH}>
          <ClipboardCheck size={16} aria-hidden /> Review
        </a>
      )}
      {person.role === "admin" && (
        <a className="button button-ghost" href={TEAM_HASH}>
          <Users size={16} aria-hidden /> Team
        </a>
      )}
      <NoticeMenu role={person.role} />
      <button type="button" className="button button-ghost" onClick={() => void api.signOut()}>
        <LogOut size={16} aria-hidden /> Sign out
      </button>
    </div>
  );
}
