import { type OlderBlock, olderBlock } from "../../../contract/block-versions.server.ts";
import { migrationErrors } from "../../../contract/errors.ts";
import type { Validators } from "../../../contract/schemas.server.ts";
import { describeAjvError } from "../ajv-errors.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";
import type { SourceFile } from "../source-file.ts";

/** What each file's schema finds wrong, in the catalogue's words. */
export const schemaErrors: Check = ({ sources, validators, relative }) => {
  const { problems, report, reportDescribed } = findings(relative);
  for (const source of sources) {
    const older = olderBlocks(validators, source);
    for (const [index, block] of older)
      report(source, `/blocks/${index}`, migrationErrors.olderBlock, {
        pointer: `/blocks/${index}`,
        type: block.type,
        version: block.version,
        latest: block.latest,
        names: block.pending.map((step) => step.name),
      });
    for (const error of source.errors) {
      // A block in an older shape gets one message, which names its change, instead of the schema's errors.
      if (older.has(Number(blockIndex(error.instancePath)))) continue;
      const problem = describeAjvError(error, validators);
      if (problem) reportDescribed(source, problem);
    }
  }
  return problems;
};

const blockIndex = (pointer: string) => /^\/blocks\/(\d+)(\/|$)/.exec(pointer)?.[1];

/**
 * The blocks with errors that are in an older shape of their type, by index. They are read from the file's text,
 * since validation has filled in the new shape's defaults.
 */
function olderBlocks(validators: Validators, source: SourceFile): Map<number, OlderBlock> {
  const out = new Map<number, OlderBlock>();
  const indexes = new Set(source.errors.map((error) => blockIndex(error.instancePath)));
  indexes.delete(undefined);
  if (indexes.size === 0) return out;
  const blocks = (JSON.parse(source.text) as { blocks?: unknown }).blocks;
  if (!Array.isArray(blocks)) return out;
  for (const index of indexes) {
    const block = olderBlock(validators, blocks[Number(index)]);
    if (block) out.set(Number(index), block);
  }
  return out;
}
