/** How far into the screen a section's top must come before it fades in. */
const REVEAL_MARGIN = "0px 0px -10% 0px";

/**
 * Fades in the sections (FadeIn) that start below the screen, each as it scrolls into view. Sections already on screen
 * are left alone, so nothing visible at load ever blinks or sits half-faded; visitors who prefer reduced motion get
 * no fading at all. Plain DOM code: static blocks are never hydrated, and this runs on every page.
 */
export function fadeInOnScroll(root: ParentNode = document) {
  if (!("IntersectionObserver" in window) || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const below = [...root.querySelectorAll<HTMLElement>("[data-fade-in]")].filter(
    (element) => element.getBoundingClientRect().top > window.innerHeight,
  );
  if (below.length === 0) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.setAttribute("data-fade-in", "shown");
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: REVEAL_MARGIN },
  );
  for (const element of below) {
    element.setAttribute("data-fade-in", "pending");
    observer.observe(element);
  }
}
