import { render } from "@testing-library/react";
import { type ReactElement, useEffect } from "react";
import { MemoryRouter, useLocation } from "react-router";

/**
 * Renders one of the editor's views as its router holds it, at `address`, for the views' tests; `at()` is the address
 * its links and its navigation have led to since.
 */
export function renderAt(view: ReactElement, address = "/") {
  const seen = { at: address };
  function Where() {
    const { pathname, search, hash } = useLocation();
    useEffect(() => void (seen.at = `${pathname}${search}${hash}`), [pathname, search, hash]);
    return null;
  }
  const rendered = render(
    <MemoryRouter initialEntries={[address]}>
      {view}
      <Where />
    </MemoryRouter>,
  );
  return { ...rendered, at: () => seen.at };
}
