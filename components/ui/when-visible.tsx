"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Draws its children once their place comes near the screen; until then a
 * placeholder of the same height holds it. For heavy parts below the fold (the
 * reports' charts): a phone opening the page does not download and draw them
 * before the figures at the top are usable (issue 45, point 11).
 */
export function WhenVisible({ height, children }: { height: number; children: React.ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return seen ? <>{children}</> : <div ref={place} className="skeleton" style={{ height }} />;
}
