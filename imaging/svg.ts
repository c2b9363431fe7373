/**
 * SVG files are drawings and code at once: a browser runs a script or an event handler in one opened as a page, and
 * fetches what it references. The site takes an SVG that only draws; anything else is refused, never rewritten, so
 * what is published is what its author made (OWASP's advice for uploads: allow what is known to be safe).
 */
const UNSAFE: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/<!(ENTITY|DOCTYPE[^>]*\[)/i, () => "an entity declaration"],
  [/<script\b/i, () => "a script"],
  [/\s(on[a-z]+)\s*=/i, (match) => `an event handler ('${match[1]}')`],
  [/<foreignObject\b/i, () => "embedded HTML (a foreignObject element)"],
  [/<(iframe|embed|object|audio|video|canvas)\b/i, (match) => `an embedded ${match[1]!.toLowerCase()} element`],
  [/javascript:/i, () => "a javascript: address"],
  [/attributeName\s*=\s*["']\s*((xlink:)?href|on[a-z]*)/i, (match) => `an animation that changes '${match[1]}'`],
  [/\b(?:xlink:)?href\s*=\s*["']\s*(?!#)([^"']*)/i, (match) => `a reference to another file ('${match[1]}')`],
  [/url\(\s*["']?\s*(?!#)([^)"']*)/i, (match) => `a reference to another file ('${match[1]}')`],
  [/@import\b/i, () => "a style sheet import"],
];

/** What makes an SVG more than a drawing, in words, or undefined when it only draws. */
export function svgProblem(text: string): string | undefined {
  for (const [pattern, describe] of UNSAFE) {
    const match = pattern.exec(text);
    if (match) return describe(match);
  }
  return undefined;
}

const rootTag = (text: string) => /<svg\b[^>]*>/i.exec(text)?.[0];
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
/** A length in user units or pixels; a percentage or another unit says nothing of the drawing's size. */
const pixels = (value: string | undefined) => {
  const match = value && /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value);
  return match ? Number(match[1]) : undefined;
};

/** The size an SVG draws at: its width and height, or its viewBox's; undefined when it says neither. */
export function svgSize(text: string): { width: number; height: number } | undefined {
  const tag = rootTag(text);
  if (!tag) return undefined;
  const box = attribute(tag, "viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const [boxWidth, boxHeight] = box?.length === 4 && box.every(Number.isFinite) ? [box[2]!, box[3]!] : [];
  const width = pixels(attribute(tag, "width")) ?? boxWidth;
  const height = pixels(attribute(tag, "height")) ?? boxHeight;
  if (!width || !height) return undefined;
  return { width: Math.round(width), height: Math.round(height) };
}
