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
