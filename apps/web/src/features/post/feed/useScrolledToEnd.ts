import { useEffect, useState } from 'react';

/** The nearest ancestor that scrolls its content (the side panel, the Activity sheet), or null for the page itself. */
function scrollContainerOf(element: Element): Element | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/^(auto|scroll|overlay)$/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}

interface Sighting {
  target: Element;
  generation: number;
  inView: boolean;
}

/**
 * Whether a sentinel element at the end of a list is scrolled into view inside its scrolling container (watched with
 * that container as the observer's root). `generation` is how many loads have answered: a new one asks the observer
 * afresh, so the answer reflects the grown list and never the view from before the last load.
 */
export function useScrolledToEnd(generation: number, marginPx = 120) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const [sighting, setSighting] = useState<Sighting | null>(null);

  useEffect(() => {
    if (!sentinel) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const latest = entries[entries.length - 1];
        setSighting({ target: latest.target, generation, inView: latest.isIntersecting });
      },
      { root: scrollContainerOf(sentinel), rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, generation, marginPx]);

  const atEnd = sighting !== null && sighting.target === sentinel && sighting.generation === generation && sighting.inView;
  return { sentinelRef: setSentinel, atEnd };
}
