import { CacheProvider, type EmotionCache } from "@emotion/react";
import { type ReactNode, createElement } from "react";
import { renderToString } from "react-dom/server";
import { CurrentPathQuestionsContext, isCurrentPath } from "../kit/site-data.ts";
import type { OncePart, PartsOfPage } from "./chrome/RenderedOnce.tsx";
import { createEmotionCache } from "./emotion.ts";

/** A hole of a part as it is rendered once: split out of its HTML, and filled on each page. */
const HOLE = "chrome-hole";
const HOLE_HTML = `<${HOLE}></${HOLE}>`;
/** Where a part goes in a page's HTML, around the page's own elements for its holes (PageParts.fill). */
const PLACE = "chrome-part";
const PLACED = new RegExp(`<${PLACE}>([\\s\\S]*?)</${PLACE}>`, "g");

/** Emotion's styles as a cache holds them: the rules `inserted` keeps for a name. */
type Styles = [name: string, css: string | true][];
/** What a cache's `registered` keeps: each class name's styles. */
type Registered = [className: string, styles: string][];

/** A part rendered once. */
interface Rendered {
  /** Its HTML around its holes: one piece more than it has holes. */
  pieces: string[];
  /** The styles its render inserts, in order, before its first hole, between two, and after the last. */
  inserted: Styles[];
  registered: Registered;
  /** The answers it got from the page's address to the questions it asked, in order. */
  answers: string;
}

/** The questions a part asked of the page's address: is a link to `href` the current page? */
type Questions = [href: string, end: boolean][];

/**
 * The parts rendered so far, by their inputs, then by the questions they asked (a part asks the same ones whatever the
 * answers, but for a part that asks more where one answer leads it), then by their answers: a page takes the one
 * whose questions get its answers from its address. A process that renders pages for one content at a time (the
 * build's prerenderers) meets a few inputs per locale; the bound keeps a long-lived one from keeping every content it
 * has rendered.
 */
export type KeptParts = Map<string, Map<string, { questions: Questions; byAnswers: Map<string, Rendered> }>>;
export const keptParts = (): KeptParts => new Map();
const KEPT_INPUTS = 32;
const processParts = keptParts();

const answersOf = (questions: Questions, pathname: string) =>
  questions.map(([href, end]) => (isCurrentPath(href, pathname, { end }) ? "1" : "0")).join("");

function renderedFor(kept: KeptParts, { inputs, pathname }: OncePart): Rendered | undefined {
  for (const { questions, byAnswers } of kept.get(inputs)?.values() ?? []) {
    const rendered = byAnswers.get(answersOf(questions, pathname));
    if (rendered) return rendered;
  }
  return undefined;
}

/**
 * Renders a part alone, in an Emotion cache of its own, to note the HTML and the styles its render gives any page
 * with the same inputs and answers. Its holes are marks that note how many styles were inserted before each.
 */
function renderPart(kept: KeptParts, { inputs, pathname, holes, render }: OncePart): void {
  const cache = createEmotionCache();
  // As @emotion/server sets it: the rules go into the cache, not into style tags in the HTML.
  cache.compat = true;
  // The names in the order they were first inserted: the cache's keys list a name that reads as an integer first.
  const order: string[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (cache.inserted[serialized.name] === undefined) order.push(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
  const splits: number[] = [];
  function HoleMark() {
    splits.push(order.length);
    return createElement(HOLE);
  }
  const questions: Questions = [];
  const ask = (href: string, end: boolean) => {
    questions.push([href, end]);
    return isCurrentPath(href, pathname, { end });
  };
  const html = renderToString(
    <CacheProvider value={cache}>
      <CurrentPathQuestionsContext.Provider value={ask}>
        {render(holes.map((_, index) => <HoleMark key={index} />))}
      </CurrentPathQuestionsContext.Provider>
    </CacheProvider>,
  );
  const pieces = html.split(HOLE_HTML);
  if (pieces.length !== holes.length + 1 || splits.length !== holes.length)
    throw new Error(`A part rendered once shows each of its ${holes.length} holes once: it showed ${splits.length}`);
  const inserted: Styles = order.map((name) => [name, cache.inserted[name]!]);
  const bounds = [0, ...splits, inserted.length];
  const rendered: Rendered = {
    pieces,
    inserted: bounds.slice(1).map((end, index) => inserted.slice(bounds[index], end)),
    registered: Object.entries(cache.registered).filter((entry): entry is Registered[number] => entry[1] !== undefined),
    answers: answersOf(questions, pathname),
  };
  let asked = kept.get(inputs);
  if (!asked) {
    if (kept.size >= KEPT_INPUTS) kept.delete(kept.keys().next().value!);
    kept.set(inputs, (asked = new Map()));
  }
  const key = JSON.stringify(questions);
  let answered = asked.get(key);
  if (!answered) asked.set(key, (answered = { questions, byAnswers: new Map() }));
  answered.byAnswers.set(rendered.answers, rendered);
}

/** Inserts a part's styles into the page's cache where its render would have: those the cache lacks, in order. */
function InsertStyles({
  cache,
  inserted,
  registered = [],
}: {
  cache: EmotionCache;
  inserted: Styles;
  registered?: Registered;
}) {
  for (const [name, styles] of registered) cache.registered[name] ??= styles;
  for (const [name, css] of inserted) cache.inserted[name] ??= css;
  return null;
}

/**
 * A page's parts rendered once (RenderedOnce.tsx): where a part was rendered for the same inputs and answers, the page
 * renders a place for it holding its own elements for the holes, and inserts the part's styles as its render would;
 * `fill` then writes the part's HTML around them. Where it was not, the page renders the part as usual, and the part is
 * rendered alone once the page is done, for the next pages (a render within another's would share React's state).
 */
export class PageParts implements PartsOfPage {
  private readonly placed: Rendered[] = [];
  private readonly unrendered: OncePart[] = [];

  /** `kept`: the parts rendered by this process, unless a test keeps its own. */
  constructor(
    private readonly cache: EmotionCache,
    private readonly kept = processParts,
  ) {}

  place(part: OncePart): ReactNode | null {
    const rendered = renderedFor(this.kept, part);
    if (!rendered) {
      this.unrendered.push(part);
      return null;
    }
    this.placed.push(rendered);
    const { cache } = this;
    // Given one by one, as a render's children are: no keys, and no array of React's own.
    return createElement(
      PLACE,
      null,
      <InsertStyles cache={cache} inserted={rendered.inserted[0]!} registered={rendered.registered} />,
      ...part.holes.flatMap((hole, index) => [
        index > 0 ? createElement(HOLE) : null,
        hole,
        <InsertStyles cache={cache} inserted={rendered.inserted[index + 1]!} />,
      ]),
    );
  }

  /** The page's HTML with its parts written in, and the parts it rendered as usual rendered once for the next pages. */
  fill(html: string): string {
    let index = 0;
    const filled = html.replace(PLACED, (_, holes: string) => {
      const { pieces } = this.placed[index++]!;
      const own = pieces.length === 1 ? [] : holes.split(HOLE_HTML);
      return pieces[0] + own.map((hole, at) => hole + pieces[at + 1]).join("");
    });
    if (index !== this.placed.length)
      throw new Error(`A page placed ${this.placed.length} parts rendered once, and its HTML holds ${index}`);
    for (const part of this.unrendered.splice(0)) if (!renderedFor(this.kept, part)) renderPart(this.kept, part);
    return filled;
  }
}
