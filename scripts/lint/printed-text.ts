import ts from "typescript";
import { type CatalogueError, catalogueError, importErrors } from "../../contract/errors.ts";

/** The calls that print to a person: console's and the standard streams' writers. */
const PRINTERS = /^(console\.(log|info|warn|error)|process\.(stdout|stderr)\.write)$/;
/** Words: a literal made of blank lines, spaces or punctuation around a value prints no text of its own. */
const WORDS = /\p{L}{2,}/u;

/** The words a literal writes in place, or nothing for an expression that is not a literal. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join("");
  return undefined;
}

/** A comparison chooses what to print (`template === "industry"`); its literals are not printed. */
const isComparison = (node: ts.Node) =>
  ts.isBinaryExpression(node) &&
  [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind);

const shorten = (text: string) => (text.length > 72 ? `${text.slice(0, 71)}…` : text);

/**
 * Every text a module prints that is written in place rather than taken from the catalogue: a literal with words in
 * the arguments of console.log/info/warn/error or process.stdout/stderr.write, outside the arguments of any call there
 * (`print(entry, { file: "x" })`'s values are parameters of a catalogue message).
 */
export function literalPrints(file: string, code: string): CatalogueError[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const problems: CatalogueError[] = [];
  const inspect = (node: ts.Node) => {
    if (ts.isCallExpression(node) || isComparison(node)) return;
    const text = literalText(node);
    if (text !== undefined && WORDS.test(text)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const written = node.getText(source).split("\n")[0];
      problems.push(catalogueError(importErrors.literalPrint, { file, line, text: shorten(written) }));
    }
    ts.forEachChild(node, inspect);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && PRINTERS.test(node.expression.getText(source)))
      for (const argument of node.arguments) inspect(argument);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/**
 * The modules whose printed lines must come from the catalogue: the commands (scripts/, the server's and the editor's
 * entry points) and what they use. `scripts/validate.ts` prints its own machine formats.
 */
export const printsChecked = (module: string) =>
  (module.startsWith("scripts/") && module !== "scripts/validate.ts") ||
  module.startsWith("server/") ||
  /^editor\/[^/]+\.ts$/.test(module);
