import type { PresentPerson } from "../../protocol.ts";
import { messageOf, teamLockLines } from "../../../contract/errors.ts";
import "./presence.css";

/** Who else has a page open: a chip of initials each, named in full by its tooltip and to a screen reader. */
export function PresenceChips({ people }: { people: PresentPerson[] | undefined }) {
  if (!people?.length) return null;
  const names = people.map((person) => person.name).join(", ");
  return (
    <span className="presence" role="group" aria-label={messageOf(teamLockLines.presence, { names })}>
      {people.map((person) => (
        <span key={person.email} className="presence-chip" role="img" aria-label={person.name} title={person.name}>
          {person.initials}
        </span>
      ))}
    </span>
  );
}
