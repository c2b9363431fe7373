import { Box, Flex, IconButton, Image } from "@chakra-ui/react";
import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { Suspense, lazy, useCallback, useState } from "react";
import { useInView } from "react-intersection-observer";
import { usePrefersReducedMotion } from "../../kit/hooks/usePrefersReducedMotion.ts";

// Its own chunk, fetched only when the block nears the screen: a page's first load carries no player code.
const ReactPlayer = lazy(() => import("react-player"));

interface VideoPlayerProps {
  src: string;
  title: string;
  poster?: string;
}

/** `HTMLMediaElement.HAVE_METADATA`: duration and size known, enough for the sound and pause buttons to act. */
const HAVE_METADATA = 1;

const controlStyle = {
  rounded: "full",
  size: "md",
  bg: "blackAlpha.700",
  color: "white",
  _hover: { bg: "blackAlpha.800" },
  _disabled: { opacity: 0.5, cursor: "not-allowed" },
  backdropFilter: "blur(6px)",
} as const;

/**
 * A muted, looping, control-free video behind a poster. The player loads once the block is within a screen of the
 * viewport, or at once when the poster's play button is pressed. The sound and pause buttons act only once the media
 * is ready; before that they are disabled. Visitors who prefer reduced motion get it paused until they press play.
 */
export function VideoPlayer({ src, title, poster }: VideoPlayerProps) {
  const reducedMotion = usePrefersReducedMotion();
  const { ref, inView: near } = useInView({ rootMargin: "600px 0px", triggerOnce: true, fallbackInView: false });
  const [requested, setRequested] = useState(false);
  const [ready, setReady] = useState(false);
  const [muted, setMuted] = useState(true);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;
  const load = near || requested;

  // react-player reports ready on the media's first `loadstart`, which can fire before its handler is attached and so
  // never arrive. Readiness is therefore also read from the element itself when it attaches, and from the later media
  // events (metadata loaded, able to play), whichever comes first.
  const markReady = useCallback(() => setReady(true), []);
  const attachMedia = useCallback(
    (media: HTMLVideoElement | null) => {
      if (!media) return;
      // The player passes no title through its props, so it goes straight onto the media element.
      media.setAttribute("title", title);
      if (media.readyState >= HAVE_METADATA) setReady(true);
    },
    [title],
  );

  return (
    <Box
      ref={ref}
      role="group"
      aria-label={title}
      position="relative"
      aspectRatio="16 / 9"
      rounded="2xl"
      overflow="hidden"
      bg="bg.inverted"
      shadow="raised"
      data-block-video
    >
      {poster ? (
        <Image
          src={poster}
          alt=""
          position="absolute"
          inset="0"
          w="full"
          h="full"
          objectFit="cover"
          loading="lazy"
          decoding="async"
        />
      ) : null}
      {load ? (
        <Box position="absolute" inset="0" opacity={ready ? 1 : 0} transition="opacity 0.4s ease">
          <Suspense fallback={null}>
            <ReactPlayer
              ref={attachMedia}
              src={src}
              playing={playing}
              muted={muted}
              loop
              controls={false}
              playsInline
              width="100%"
              height="100%"
              style={{ objectFit: "cover" }}
              onReady={markReady}
              onLoadedMetadata={markReady}
              onCanPlay={markReady}
            />
          </Suspense>
        </Box>
      ) : (
        <Flex position="absolute" inset="0" align="center" justify="center">
          <IconButton
            aria-label={`Play video: ${title}`}
            onClick={() => {
              setRequested(true);
              setPlayChoice(true);
            }}
            rounded="full"
            w="16"
            h="16"
            bg="whiteAlpha.900"
            color="brand.fg"
            shadow="raised"
            _hover={{ bg: "white", transform: "scale(1.05)" }}
            transition="transform 0.2s ease"
          >
            <Play size={28} aria-hidden="true" fill="currentColor" />
          </IconButton>
        </Flex>
      )}
      <Flex position="absolute" bottom="3" insetEnd="3" gap="2">
        <IconButton
          {...controlStyle}
          aria-label={playing ? "Pause video" : "Play video"}
          disabled={!ready}
          onClick={() => setPlayChoice(!playing)}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </IconButton>
        <IconButton
          {...controlStyle}
          aria-label={muted ? "Unmute video" : "Mute video"}
          disabled={!ready}
          onClick={() => setMuted(!muted)}
        >
          {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        </IconButton>
      </Flex>
    </Box>
  );
}
