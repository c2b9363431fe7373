import type { ReactNode } from "react";
import { Link } from "react-router";

interface SmartLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}

/** A site path becomes a client-side <Link>; any other address (https:, mailto:, tel:, #anchor) a plain <a>. */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const external = /^https?:/.test(href);
  if (href.startsWith("/"))
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  return (
    <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest}>
      {children}
    </a>
  );
}
