import { Flex, IconButton, Text } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { DIRECTIONAL_ICON } from "../../kit/icons/directional.ts";
import {
  AUTOPLAY_ATTRIBUTE,
  COUNTER_ATTRIBUTE,
  PAUSE_LABEL,
  PLAY_ATTRIBUTE,
  PLAY_LABEL,
  STEP_ATTRIBUTE,
} from "./carousel-dom.ts";

/**
 * On the elements whose attributes the DOM code (carousel-dom.ts) may have changed before hydration: React keeps what
 * it finds there, and the commit that adopts the visitor's state writes its own, so the difference is expected, not a
 * mismatch.
 */
export const touchedBeforeHydration = { suppressHydrationWarning: true } as const;

/** Shows the play button's icon that fits, from its carousel's attribute (which the DOM code may switch too). */
export const playIconStyles = {
  [`&[${AUTOPLAY_ATTRIBUTE}=on] [data-icon=play], &[${AUTOPLAY_ATTRIBUTE}=off] [data-icon=pause]`]: { display: "none" },
};

const controlStyle = {
  variant: "outline",
  rounded: "full",
  borderColor: "border.subtle",
  bg: "bg.card",
  color: "brand.fg",
  _hover: { bg: "brand.subtle" },
} as const;

interface CarouselControlsProps {
  current: number;
  lastIndex: number;
  autoplay: boolean;
  counter: string;
  onDark: boolean;
  onStep: (step: -1 | 1) => void;
  onPlay: () => void;
}

/** Previous, play or pause, next, and where the carousel is ("2–4 / 7"). */
export function CarouselControls({
  current,
  lastIndex,
  autoplay,
  counter,
  onDark,
  onStep,
  onPlay,
}: CarouselControlsProps) {
  return (
    <Flex mt="6" align="center" justify="center" gap="3">
      <IconButton
        {...controlStyle}
        aria-label="Previous conversation"
        disabled={current === 0}
        onClick={() => onStep(-1)}
        {...touchedBeforeHydration}
        {...{ [STEP_ATTRIBUTE]: -1 }}
      >
        <ChevronLeft aria-hidden="true" {...DIRECTIONAL_ICON} />
      </IconButton>
      {lastIndex > 0 ? (
        <IconButton
          {...controlStyle}
          aria-label={autoplay ? PAUSE_LABEL : PLAY_LABEL}
          onClick={onPlay}
          {...touchedBeforeHydration}
          {...{ [PLAY_ATTRIBUTE]: "" }}
        >
          <Pause aria-hidden="true" data-icon="pause" />
          <Play aria-hidden="true" data-icon="play" />
        </IconButton>
      ) : null}
      <IconButton
        {...controlStyle}
        aria-label="Next conversation"
        disabled={current >= lastIndex}
        onClick={() => onStep(1)}
        {...touchedBeforeHydration}
        {...{ [STEP_ATTRIBUTE]: 1 }}
      >
        <ChevronRight aria-hidden="true" {...DIRECTIONAL_ICON} />
      </IconButton>
      <Text
        fontSize="sm"
        color={onDark ? "fg.invertedMuted" : "fg.muted"}
        minW="14"
        textAlign="center"
        aria-hidden="true"
        {...touchedBeforeHydration}
        {...{ [COUNTER_ATTRIBUTE]: "" }}
      >
        {counter}
      </Text>
    </Flex>
  );
}
