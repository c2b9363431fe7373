import { type HTMLChakraProps, chakra } from "@chakra-ui/react";
import { useIsCurrentPath } from "../../kit/site-data.ts";

const Anchor = chakra("a");

/** A navigation link, marked aria-current=page on the page it points at (and, unless `end`, on the pages under it). */
export function NavAnchor({
  href,
  end = false,
  ...rest
}: { href: string; end?: boolean } & Omit<HTMLChakraProps<"a">, "href">) {
  const current = useIsCurrentPath()(href, { end });
  return <Anchor href={href} aria-current={current ? "page" : undefined} {...rest} />;
}
