import type { BlockMeta } from "../../block-meta.ts";
import type { Problem } from "../api.ts";
import { placeOf } from "../../../toolchain/changes-in-words.ts";
import type { Selection } from "../Outline.tsx";
import type { Doc } from "./drafts.ts";
import "./problems.css";

/** The block a JSON pointer is in, or "page" for the page's own fields. */
export const blockIndexOf = (pointer: string): Selection => {
  const match = /^\/blocks\/(\d+)(\/|$)/.exec(pointer);
  return match ? Number(match[1]) : "page";
};

/** Problems by the pointer of the field they are about. */
export function problemsByPointer(problems: Problem[]): Map<string, Problem[]> {
  const map = new Map<string, Problem[]>();
  for (const problem of problems) map.set(problem.pointer, [...(map.get(problem.pointer) ?? []), problem]);
  return map;
}

/** How many problems each block has ("page" counts those outside the blocks, and all of them in site settings). */
export function problemsPerBlock(problems: Problem[], isPage: boolean): Map<Selection, number> {
  const counts = new Map<Selection, number>();
  for (const problem of problems) {
    const at = isPage ? blockIndexOf(problem.pointer) : "page";
    counts.set(at, (counts.get(at) ?? 0) + 1);
  }
  return counts;
}

/** The problems shown with the selected block's form, or with the page's own form. */
export function problemsOfSelection(problems: Problem[], selected: Selection, isPage: boolean): Problem[] {
  const blockPointer = `/blocks/${String(selected)}`;
  return typeof selected === "number"
    ? problems.filter((p) => p.pointer === blockPointer || p.pointer.startsWith(`${blockPointer}/`))
    : problems.filter((p) => !isPage || blockIndexOf(p.pointer) === "page");
}

/** Problems as links to their fields: "Industry hero › Heading: text is too long…". */
export function ProblemLinks({
  problems,
  doc,
  metas,
  onGo,
}: {
  problems: Problem[];
  doc: Doc;
  metas: Map<string, BlockMeta>;
  onGo: (pointer: string) => void;
}) {
  return (
    <ul>
      {problems.map((problem, i) => (
        <li key={i}>
          <button type="button" className="link-button" onClick={() => onGo(problem.pointer)}>
            {placeOf(problem.pointer, doc, metas)}
          </button>
          : {problem.message}
        </li>
      ))}
    </ul>
  );
}

/** The problems of the form shown, above its fields. */
export function ProblemList(props: {
  problems: Problem[];
  doc: Doc;
  metas: Map<string, BlockMeta>;
  onGo: (pointer: string) => void;
}) {
  if (props.problems.length === 0) return null;
  return (
    <div className="problem-summary">
      <p>
        {props.problems.length} problem{props.problems.length === 1 ? "" : "s"} to fix here:
      </p>
      <ProblemLinks {...props} />
    </div>
  );
}
