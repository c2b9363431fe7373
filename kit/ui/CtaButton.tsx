import { Button } from "@chakra-ui/react";
import type { CallToAction } from "../../contract/generated/schema-types.ts";
import { SmartLink } from "./SmartLink.tsx";

interface CtaButtonProps {
  cta: CallToAction;
  size?: "sm" | "md" | "lg";
  /** On a dark background the secondary button is drawn light. */
  onDark?: boolean;
  onClick?: () => void;
}

/**
 * A button whose label may wrap: at its longest (the schemas allow 40 characters) a label takes two lines on a phone
 * instead of sticking out of its button. The button keeps the recipe's height as its minimum, and may shrink in a row
 * of buttons (the recipe says `flexShrink: 0`): two long labels side by side wrap within their column rather than run
 * over the next one.
 */
export const wrappingLabel = {
  whiteSpace: "normal",
  flexShrink: 1,
  textAlign: "center",
  h: "auto",
  maxW: "full",
  py: "2.5",
} as const;

const minHeights = { sm: "9", md: "10", lg: "11", xl: "12" } as const;
export const wrappingButton = (size: keyof typeof minHeights) => ({ ...wrappingLabel, minH: minHeights[size] });

/** The one button style of the site, driven by a call-to-action from the config. */
export function CtaButton({ cta, size = "lg", onDark = false, onClick }: CtaButtonProps) {
  const primary = cta.variant === "primary";
  return (
    <Button
      asChild
      // Chakra's Button says type="button", which is invalid on the link it renders.
      type={undefined}
      size={size}
      rounded="full"
      fontWeight="semibold"
      px={size === "sm" ? "4" : "6"}
      {...wrappingButton(size)}
      {...(primary
        ? {
            bg: onDark ? "accent.solid" : "brand.solid",
            color: "fg.inverted",
            _hover: { bg: onDark ? "accent.fg" : "brand.emphasis" },
          }
        : {
            variant: "outline",
            borderColor: onDark ? "whiteAlpha.600" : "brand.solid",
            color: onDark ? "fg.inverted" : "brand.fg",
            _hover: { bg: onDark ? "whiteAlpha.200" : "brand.subtle" },
          })}
    >
      <SmartLink href={cta.href} onClick={onClick}>
        {cta.label}
      </SmartLink>
    </Button>
  );
}
