import type { ReactNode } from "react";

interface SmartLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}

/**
 * A link from the config. Site paths and #anchors are ordinary links (every page is a prerendered document, with no
 * client-side router); other sites open in a new tab.
 */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const external = /^https?:/.test(href);
  return (
    <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest}>
      {children}
    </a>
  );
}
