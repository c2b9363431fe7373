import { type HTMLChakraProps, chakra } from "@chakra-ui/react";
import type { ImgHTMLAttributes } from "react";
import type { RenderedImage } from "../../contract/media.ts";

interface PictureProps extends Omit<HTMLChakraProps<"img">, "src" | "srcSet" | "sizes" | "alt"> {
  image: RenderedImage & { decorative?: boolean };
}

const LOADING: Record<
  "first" | "now" | "lazy",
  Pick<ImgHTMLAttributes<HTMLImageElement>, "loading" | "fetchPriority" | "decoding">
> = {
  first: { loading: "eager", fetchPriority: "high" },
  now: { loading: "eager" },
  lazy: { loading: "lazy", decoding: "async" },
};

/**
 * A picture of the content, as the build made it (docs/media.md): its formats from AVIF to the fallback in a
 * <picture>, each with the widths of its slot and the slot's `sizes` (first, those of the slot's narrow shape, for the
 * narrow screens), its width and height from the file (so nothing moves when it arrives), and a tiny blurred copy
 * behind it until then. The page's main picture above the fold is
 * fetched first; the others when they near the screen. Without a rendition (the editor's live preview), the file
 * itself.
 */
export function Picture({ image, ...rest }: PictureProps) {
  const alt = image.decorative ? "" : (image.alt ?? "");
  const rendition = image.rendition;
  if (!rendition) return <chakra.img src={image.src} alt={alt} loading="lazy" decoding="async" {...rest} />;
  const fallback = rendition.sources.at(-1);
  const loading = LOADING[rendition.fetch ?? "lazy"];
  const placeholder = rendition.placeholder
    ? { backgroundImage: `url("${rendition.placeholder}")`, backgroundSize: "cover", backgroundRepeat: "no-repeat" }
    : undefined;
  const narrow = rendition.narrow;
  return (
    <picture style={{ display: "contents" }}>
      {/* A narrow screen's own shape first: the browser takes the first source whose media and type it can use. Its
          width and height are that shape's, reserved as the img's own are. */}
      {narrow?.sources.map((source) => (
        <source
          key={`narrow ${source.type}`}
          media={narrow.media}
          type={source.type}
          srcSet={source.srcset}
          sizes={narrow.sizes}
          width={narrow.width}
          height={narrow.height}
          style={{ display: "none" }}
        />
      ))}
      {rendition.sources.slice(0, -1).map((source) => (
        // Its <picture> takes no box (display: contents), so that the <img> sizes as a child of the block's own
        // element; its sources would then be items of the block's grid or flex row unless told to take no box either.
        <source
          key={source.type}
          type={source.type}
          srcSet={source.srcset}
          sizes={rendition.sizes}
          style={{ display: "none" }}
        />
      ))}
      <chakra.img
        src={rendition.src}
        srcSet={fallback?.srcset}
        sizes={fallback ? rendition.sizes : undefined}
        // The attributes, not Chakra's width and height style props: the browser reserves the picture's shape from them
        // before it arrives.
        htmlWidth={rendition.width}
        htmlHeight={rendition.height}
        alt={alt}
        {...loading}
        style={placeholder}
        {...rest}
      />
    </picture>
  );
}
