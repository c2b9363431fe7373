import { Box, Flex } from "@chakra-ui/react";
import {
  type FocusEvent,
  type KeyboardEvent,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { ConversationCarouselBlock } from "../../contract/generated/schema-types.ts";
import { arrowStep } from "../../kit/direction.ts";
import { useDirection } from "../../kit/hooks/useDirection.ts";
import { useElementWidth } from "../../kit/hooks/useElementWidth.ts";
import { usePrefersReducedMotion } from "../../kit/hooks/usePrefersReducedMotion.ts";
import { useVisibleInterval } from "../../kit/hooks/useVisibleInterval.ts";
import { Section } from "../../kit/ui/Section.tsx";
import {
  AUTOPLAY_ATTRIBUTE,
  CAROUSEL_ATTRIBUTE,
  INDEX_ATTRIBUTE,
  LIVE_ATTRIBUTE,
  MORE_AHEAD_ATTRIBUTE,
  movedBeforeHydration,
  PLAY_CHOICE_ATTRIBUTE,
  VIEWPORT_ATTRIBUTE,
} from "./carousel-dom.ts";
import { carouselView, trackTransform } from "./carousel-view.ts";
import { CarouselControls, playIconStyles, touchedBeforeHydration } from "./CarouselControls.tsx";
import { ConversationCard } from "./ConversationCard.tsx";

/**
 * Sample conversations on a sliding track. Before hydration its buttons already answer, through plain DOM code
 * (carousel-dom.ts) that renders what this component would; hydrating, the component adopts what the visitor did
 * then (the first card on screen, the play choice), in the same commit, so nothing jumps.
 */
export default function ConversationCarousel({ block }: { block: ConversationCarouselBlock }) {
  const { agentName, advanceIntervalMs, replyDelayMs, cardWidthPx, gapPx, visibleCards } = block;
  const conversations = block.conversations;
  const reducedMotion = usePrefersReducedMotion();
  const direction = useDirection();
  // The track's width is the viewport's without its padding: the width that a card's `min(cardWidthPx, 100%)` follows.
  const track = useRef<HTMLDivElement>(null);
  // Moved before hydration, the cards the visitor sees depend on the width: it is measured for the first frame.
  const width = useElementWidth(track, { urgent: movedBeforeHydration });

  const [index, setIndex] = useState(0);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { current, fits, lastIndex, offsetPx, counter } = carouselView(width, index, {
    cardWidthPx,
    gapPx,
    visibleCards,
    count: conversations.length,
  });
  const autoplay = (playChoice ?? !reducedMotion) && lastIndex > 0;

  // Taking over from the DOM code: where the visitor moved to and their pause become this component's state before its
  // first frame (a render in the hydrating commit, only when they did something); the pointer or focus resting on the
  // carousel only holds its timer, so it follows as a transition. The DOM code then stands down.
  useLayoutEffect(() => {
    const carousel = track.current?.closest<HTMLElement>(`[${CAROUSEL_ATTRIBUTE}]`);
    if (!carousel) return;
    carousel.setAttribute(LIVE_ATTRIBUTE, "");
    setIndex(Number(carousel.getAttribute(INDEX_ATTRIBUTE)) || 0);
    const choice = carousel.getAttribute(PLAY_CHOICE_ATTRIBUTE);
    if (choice) setPlayChoice(choice === "on");
    startTransition(() => {
      setHovered(carousel.matches(":hover"));
      setFocused(carousel.contains(document.activeElement));
    });
  }, []);

  const { ref: visibility, inView } = useVisibleInterval(
    () => setIndex((i) => (i >= lastIndex ? 0 : i + 1)),
    advanceIntervalMs,
    {
      enabled: autoplay && !hovered && !focused,
    },
  );

  // Every card starts with its reply pending, in the prerender too, and gets it replyDelayMs after it is on screen
  // (at least 30% of the carousel visible): the same however the carousel comes into view, at load, by a jump to its
  // anchor or by scrolling. The prerender's pending replies show at once where no script runs, or motion is reduced.
  const [answered, setAnswered] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    if (!inView) return;
    const timer = setTimeout(() => {
      setAnswered((done) => {
        const onScreen = Array.from({ length: fits }, (_, i) => current + i);
        return onScreen.every((i) => done.has(i)) ? done : new Set([...done, ...onScreen]);
      });
    }, replyDelayMs);
    return () => clearTimeout(timer);
  }, [inView, current, fits, replyDelayMs, answered]);

  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  // The arrow keys move the way they point: the left arrow brings the next card in right to left.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = arrowStep(event.key, direction);
    if (step) setIndex(Math.max(0, Math.min(current + step, lastIndex)));
  };

  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <Box
        ref={visibility}
        // A group, not a region: the section around it is already the landmark with this name.
        role="group"
        aria-roledescription="carousel"
        aria-label={block.heading}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        {...touchedBeforeHydration}
        {...{
          [CAROUSEL_ATTRIBUTE]: `${cardWidthPx} ${gapPx} ${visibleCards}`,
          [INDEX_ATTRIBUTE]: current,
          [AUTOPLAY_ATTRIBUTE]: autoplay ? "on" : "off",
        }}
        css={playIconStyles}
      >
        <Box
          overflow="hidden"
          mx="-2"
          px="2"
          py="3"
          // A soft edge at the inline end tells the eye there is more ahead.
          css={{
            [`&[${MORE_AHEAD_ATTRIBUTE}]`]: {
              maskImage: "linear-gradient(to right, black calc(100% - 72px), transparent)",
              _rtl: { maskImage: "linear-gradient(to left, black calc(100% - 72px), transparent)" },
            },
          }}
          {...touchedBeforeHydration}
          {...{ [VIEWPORT_ATTRIBUTE]: "", [MORE_AHEAD_ATTRIBUTE]: current < lastIndex ? "" : undefined }}
        >
          {/* A plain track of grouped slides (the WAI carousel pattern): a slide's group role would be invalid on a list item. */}
          <Flex
            ref={track}
            aria-live={autoplay ? "off" : "polite"}
            data-testid="carousel-track"
            {...touchedBeforeHydration}
            style={{ gap: `${gapPx}px`, transform: trackTransform(offsetPx, direction) }}
            transition={reducedMotion ? "none" : "transform 0.6s cubic-bezier(0.4, 0, 0.2, 1)"}
          >
            {conversations.map((conversation, i) => {
              const shown = i >= current && i < current + fits;
              return (
                <Box
                  key={conversation.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${conversations.length}: ${conversation.industry}`}
                  aria-hidden={shown ? undefined : true}
                  flexShrink={0}
                  style={{ width: `min(${cardWidthPx}px, 100%)` }}
                  {...touchedBeforeHydration}
                >
                  <ConversationCard
                    conversation={conversation}
                    agentName={agentName}
                    answered={reducedMotion || answered.has(i)}
                  />
                </Box>
              );
            })}
          </Flex>
        </Box>
        <CarouselControls
          current={current}
          lastIndex={lastIndex}
          autoplay={autoplay}
          counter={counter}
          onDark={block.tone === "inverted"}
          onStep={(step) => setIndex(current + step)}
          onPlay={() => setPlayChoice(!autoplay)}
        />
      </Box>
    </Section>
  );
}
