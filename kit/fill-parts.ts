/**
 * A sentence of the chrome with its `{name}` placeholders filled in, as the parts React renders side by side: the text
 * between the values stays text, each value its own part, as a sentence written in JSX with `{value}` renders.
 */
export function filledParts(template: string, values: Record<string, string | number>): (string | number)[] {
  return template
    .split(/(\{[a-zA-Z]+\})/)
    .filter((part) => part !== "")
    .map((part) => {
      const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
      return name !== undefined && name in values ? values[name]! : part;
    });
}
