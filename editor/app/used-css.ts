/**
 * The style rules of a document that some element under `root` (or the page's <html> and <body>) uses, with the custom
 * properties that nothing uses left out: what a static copy of `root`'s markup needs to look the same. The theme
 * defines thousands of custom properties and the preview holds rules for every block on the page, and each thumbnail
 * of the palette parses what it is given: less to parse is a palette that opens sooner.
 *
 * Rules for states a static picture never shows (:hover, :focus) are left out with the others that match nothing; a
 * selector the browser cannot test (a pseudo-element) is tested without its pseudo-element, and kept if it still
 * cannot be tested.
 */
const PSEUDO_ELEMENT =
  /::?(before|after|placeholder|marker|selection|backdrop|first-line|first-letter|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)(\([^)]*\))?/g;
const VAR_USE = /var\(\s*(--[\w-]+)/g;

function used(root: Element, selector: string): boolean {
  const matches = (test: string) =>
    root.matches(test) ||
    root.querySelector(test) !== null ||
    document.documentElement.matches(test) ||
    document.body.matches(test);
  try {
    return matches(selector);
  } catch {
    try {
      return matches(selector.replace(PSEUDO_ELEMENT, "") || "*");
    } catch {
      return true;
    }
  }
}

type Kept = CSSStyleRule | { text: string } | { prelude: string; children: Kept[] };

function keep(rules: CSSRuleList, root: Element): Kept[] {
  const out: Kept[] = [];
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule) {
      if (used(root, rule.selectorText)) out.push(rule);
    } else if (rule instanceof CSSGroupingRule) {
      const children = keep(rule.cssRules, root);
      if (children.length) out.push({ prelude: rule.cssText.slice(0, rule.cssText.indexOf("{")), children });
    } else out.push({ text: rule.cssText });
  }
  return out;
}

const customProperties = (rule: CSSStyleRule) => [...rule.style].filter((name) => name.startsWith("--"));

/**
 * A style rule's text without the custom properties named. Through a copy: its other declarations keep their written
 * form (a shorthand made of var()s cannot be read back longhand by longhand).
 */
function without(rule: CSSStyleRule, names: string[]): string {
  if (!names.length) return rule.cssText;
  try {
    const scratch = new CSSStyleSheet();
    scratch.insertRule(rule.cssText);
    const copy = scratch.cssRules[0] as CSSStyleRule;
    for (const name of names) copy.style.removeProperty(name);
    return copy.style.length ? copy.cssText : "";
  } catch {
    return rule.cssText;
  }
}

const flat = (kept: Kept[]): Kept[] => kept.flatMap((rule) => ("children" in rule ? flat(rule.children) : [rule]));
const uses = (text: string) => [...text.matchAll(VAR_USE)].map((match) => match[1]);

/** The custom properties that are used: by a declaration, by the markup, or by a used custom property. */
function usedProperties(kept: Kept[], markup: string): Set<string> {
  const definitions = new Map<string, string[]>();
  const usedNames = new Set(uses(markup));
  for (const rule of flat(kept)) {
    if (!(rule instanceof CSSStyleRule)) {
      if ("text" in rule) for (const name of uses(rule.text)) usedNames.add(name);
      continue;
    }
    const customs = customProperties(rule);
    for (const name of customs)
      definitions.set(name, [...(definitions.get(name) ?? []), rule.style.getPropertyValue(name)]);
    for (const name of uses(without(rule, customs))) usedNames.add(name);
  }
  const queue = [...usedNames];
  while (queue.length)
    for (const value of definitions.get(queue.pop()!) ?? [])
      for (const name of uses(value))
        if (!usedNames.has(name)) {
          usedNames.add(name);
          queue.push(name);
        }
  return usedNames;
}

function write(kept: Kept[], properties: Set<string>): string {
  return kept
    .map((rule) => {
      if (rule instanceof CSSStyleRule)
        return without(
          rule,
          customProperties(rule).filter((name) => !properties.has(name)),
        );
      if ("text" in rule) return rule.text;
      const inside = write(rule.children, properties);
      return inside ? `${rule.prelude}{${inside}}` : "";
    })
    .filter(Boolean)
    .join("\n");
}

export function usedCss(root: Element): string {
  const kept = [...document.styleSheets].flatMap((sheet) => keep(sheet.cssRules, root));
  return write(kept, usedProperties(kept, root.innerHTML));
}
