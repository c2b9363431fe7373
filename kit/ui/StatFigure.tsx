import { Box, VisuallyHidden } from "@chakra-ui/react";
import { useInView } from "react-intersection-observer";
import { VISIBILITY_THRESHOLD } from "../constants.ts";
import type { Stat } from "../../contract/generated/schema-types.ts";
import { useCountUp } from "../hooks/useCountUp.ts";
import { usePrefersReducedMotion } from "../hooks/usePrefersReducedMotion.ts";

export type Figure = Pick<Stat, "value" | "prefix" | "suffix" | "decimals">;

/** Number formats by decimal places. Building one is slow, and a counting figure is formatted on every frame. */
const numberFormats = new Map<number, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-GB", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format;
}

export function formatFigure({ value, prefix = "", suffix = "", decimals }: Figure, shown = value): string {
  return `${prefix}${numberFormat(decimals).format(shown)}${suffix}`;
}

interface StatFigureProps {
  figure: Figure;
  /** Count from 0 when first seen; false shows the figure as it is. */
  animate: boolean;
  durationMs: number;
}

/**
 * A headline figure that counts up from 0 the first time it is on screen. Screen readers read the final figure once
 * (the counting copy is hidden from them), and the prerendered HTML already holds the final figure. The final text
 * sits invisibly under the counting one so that the width never changes while digits tick.
 */
export function StatFigure({ figure, animate, durationMs }: StatFigureProps) {
  const reducedMotion = usePrefersReducedMotion();
  const { ref, inView } = useInView({
    threshold: VISIBILITY_THRESHOLD,
    triggerOnce: true,
    fallbackInView: true,
    skip: !animate,
  });
  const shown = useCountUp(figure.value, durationMs, animate && inView && !reducedMotion);
  const final = formatFigure(figure);

  return (
    <Box
      as="span"
      ref={ref}
      display="inline-grid"
      // A figure at its longest wraps within its card instead of widening it.
      maxW="full"
      gridTemplateColumns="minmax(0, auto)"
      fontVariantNumeric="tabular-nums"
    >
      <VisuallyHidden>{final}</VisuallyHidden>
      <Box as="span" aria-hidden="true" gridArea="1 / 1" visibility="hidden">
        {final}
      </Box>
      <Box as="span" aria-hidden="true" gridArea="1 / 1" textAlign="start" data-testid="stat-count">
        {formatFigure(figure, shown)}
      </Box>
    </Box>
  );
}
