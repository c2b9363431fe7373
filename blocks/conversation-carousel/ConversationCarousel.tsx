import { Box, Flex, IconButton, Text } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type FocusEvent, useEffect, useRef, useState } from "react";
import type { ConversationCarouselBlock } from "../../contract/generated/schema-types.ts";
import { useElementWidth } from "../../kit/hooks/useElementWidth.ts";
import { usePrefersReducedMotion } from "../../kit/hooks/usePrefersReducedMotion.ts";
import { useVisibleInterval } from "../../kit/hooks/useVisibleInterval.ts";
import { Section } from "../../kit/ui/Section.tsx";
import { ConversationCard } from "./ConversationCard.tsx";

const controlStyle = {
  variant: "outline",
  rounded: "full",
  borderColor: "border.subtle",
  bg: "bg.card",
  color: "brand.fg",
  _hover: { bg: "brand.subtle" },
} as const;

export default function ConversationCarousel({ block }: { block: ConversationCarouselBlock }) {
  const { agentName, advanceIntervalMs, replyDelayMs, cardWidthPx, gapPx, visibleCards } = block;
  const conversations = block.conversations;
  const reducedMotion = usePrefersReducedMotion();
  const viewport = useRef<HTMLDivElement>(null);
  const width = useElementWidth(viewport);

  // Until measured (prerender), assume a wide screen; a narrow one fits fewer, narrower cards.
  const cardWidth = width ? Math.min(cardWidthPx, width) : cardWidthPx;
  const fits = width
    ? Math.max(1, Math.min(visibleCards, Math.floor((width + gapPx) / (cardWidth + gapPx))))
    : visibleCards;
  const lastIndex = Math.max(0, conversations.length - fits);

  const [index, setIndex] = useState(0);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const autoplay = (playChoice ?? !reducedMotion) && lastIndex > 0;
  const current = Math.min(index, lastIndex);

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
      >
        <Box
          ref={viewport}
          overflow="hidden"
          mx="-2"
          px="2"
          py="3"
          // A soft edge tells the eye there is more to the right.
          css={
            current < lastIndex
              ? { maskImage: "linear-gradient(to right, black calc(100% - 72px), transparent)" }
              : undefined
          }
        >
          {/* A plain track of grouped slides (the WAI carousel pattern): a slide's group role would be invalid on a list item. */}
          <Flex
            aria-live={autoplay ? "off" : "polite"}
            data-testid="carousel-track"
            style={{ gap: `${gapPx}px`, transform: `translateX(-${current * (cardWidth + gapPx)}px)` }}
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
        <Flex mt="6" align="center" justify="center" gap="3">
          <IconButton
            {...controlStyle}
            aria-label="Previous conversation"
            disabled={current === 0}
            onClick={() => setIndex(Math.max(0, current - 1))}
          >
            <ChevronLeft aria-hidden="true" />
          </IconButton>
          {lastIndex > 0 ? (
            <IconButton
              {...controlStyle}
              aria-label={autoplay ? "Pause carousel" : "Play carousel"}
              onClick={() => setPlayChoice(!autoplay)}
            >
              {autoplay ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            </IconButton>
          ) : null}
          <IconButton
            {...controlStyle}
            aria-label="Next conversation"
            disabled={current >= lastIndex}
            onClick={() => setIndex(Math.min(lastIndex, current + 1))}
          >
            <ChevronRight aria-hidden="true" />
          </IconButton>
          <Text
            fontSize="sm"
            color={block.tone === "inverted" ? "fg.invertedMuted" : "fg.muted"}
            minW="14"
            textAlign="center"
            aria-hidden="true"
          >
            {fits > 1 ? `${current + 1}–${Math.min(conversations.length, current + fits)}` : current + 1} /{" "}
            {conversations.length}
          </Text>
        </Flex>
      </Box>
    </Section>
  );
}
