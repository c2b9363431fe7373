import { Box, VisuallyHidden } from "@chakra-ui/react";
import { useInView } from "react-intersection-observer";
import { VISIBILITY_THRESHOLD } from "../constants.ts";
import type { Stat } from "../../contract/generated/schema-types.ts";
import { useCountUp } from "../hooks/useCountUp.ts";
import { usePrefersReducedMotion } from "../hooks/usePrefersReducedMotion.ts";
import { formatFigure, useLocale } from "../locale.ts";

export type Figure = Pick<Stat, "value" | "prefix" | "suffix" | "decimals">;

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
  const locale = useLocale();
  const { ref, inView } = useInView({
    threshold: VISIBILITY_THRESHOLD,
    triggerOnce: true,
    fallbackInView: true,
    skip: !animate,
  });
  const shown = useCountUp(figure.value, durationMs, animate && inView && !reducedMotion);
  const final = formatFigure(locale, figure);

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
        {formatFigure(locale, figure, shown)}
      </Box>
    </Box>
  );
}
