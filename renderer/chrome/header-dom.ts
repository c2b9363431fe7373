import {
  HEADER_SCROLL_THRESHOLD_PX,
  MENU_CLOSE_DELAY_MS,
  MENU_HOVER_DELAY_MS,
  MENU_SKIP_DELAY_MS,
} from "../../kit/constants.ts";

/** Marks the site header (Header), which this module enhances. */
export const HEADER_ATTRIBUTE = "data-site-header";
/** Marks a hover dropdown of the desktop navigation: the element around its button and its popover panel. */
export const HOVER_MENU_ATTRIBUTE = "data-hover-menu";
/** On a popover's button: the label it takes while its popover is open (its aria-label is the closed one). */
export const OPEN_LABEL_ATTRIBUTE = "data-open-label";

/**
 * The header's menus are HTML: each opens with the `popover` attribute and its button's `popovertarget`, so the
 * browser answers the first tap at once, with no script at all, and gives them their behaviour (Escape and a click
 * outside close them, one menu is open at a time, focus goes back to the button). The mobile menu's sections are
 * `<details>`. This plain DOM code, run by the browser entry, adds what HTML lacks:
 * - each popover button's aria-expanded (and the mobile button's label) follows its popover;
 * - closing the mobile menu collapses its sections, so it always opens collapsed;
 * - the desktop dropdowns also open on hover after MENU_HOVER_DELAY_MS (at once when another closed less than
 *   MENU_SKIP_DELAY_MS ago) and close MENU_CLOSE_DELAY_MS after the pointer leaves;
 * - the header turns opaque once the page is scrolled past HEADER_SCROLL_THRESHOLD_PX;
 * - a link followed from a menu closes it, so that Back shows the page without it.
 */
export function enhanceHeader(root: ParentNode = document) {
  const header = root.querySelector<HTMLElement>(`[${HEADER_ATTRIBUTE}]`);
  if (!header) return;

  const buttons = [...header.querySelectorAll<HTMLButtonElement>("button[popovertarget]")];
  const syncButton = (button: HTMLButtonElement, open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    const openLabel = button.getAttribute(OPEN_LABEL_ATTRIBUTE);
    if (openLabel === null) return;
    button.dataset.closedLabel ??= button.getAttribute("aria-label") ?? "";
    button.setAttribute("aria-label", open ? openLabel : button.dataset.closedLabel);
  };
  for (const button of buttons) {
    const popover = document.getElementById(button.getAttribute("popovertarget") ?? "");
    if (!popover) continue;
    syncButton(button, popover.matches(":popover-open"));
    popover.addEventListener("toggle", (event) => {
      const open = (event as ToggleEvent).newState === "open";
      syncButton(button, open);
      if (!open) for (const details of popover.querySelectorAll("details")) details.open = false;
    });
    popover.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("a[href]")) popover.hidePopover();
    });
  }

  hoverMenus(header);

  const updateScrolled = () => header.toggleAttribute("data-scrolled", window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
  updateScrolled();
  window.addEventListener("scroll", updateScrolled, { passive: true });
}

function hoverMenus(header: HTMLElement) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastClosedAt = -Infinity;
  const panelOf = (menu: Element) => menu.querySelector<HTMLElement>("[popover]");
  const openPanel = () => header.querySelector<HTMLElement>(`[${HOVER_MENU_ATTRIBUTE}] [popover]:popover-open`);

  for (const menu of header.querySelectorAll<HTMLElement>(`[${HOVER_MENU_ATTRIBUTE}]`)) {
    const panel = panelOf(menu);
    if (!panel) continue;
    panel.addEventListener("toggle", (event) => {
      if ((event as ToggleEvent).newState === "closed") lastClosedAt = Date.now();
    });
    // Touch and pen taps open menus through their buttons; only a mouse hovers.
    menu.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "mouse") return;
      clearTimeout(timer);
      if (panel.matches(":popover-open")) return;
      const show = () => panel.showPopover();
      if (openPanel() || Date.now() - lastClosedAt < MENU_SKIP_DELAY_MS) show();
      else timer = setTimeout(show, MENU_HOVER_DELAY_MS);
    });
    menu.addEventListener("pointerleave", (event) => {
      if (event.pointerType !== "mouse") return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (panel.matches(":popover-open")) panel.hidePopover();
      }, MENU_CLOSE_DELAY_MS);
    });
  }
}
