"use client";
import { useCallback } from "react";

/**
 * The page keeps room for the call panel (issue 45, point 9): the panel's own
 * height, measured as it opens, folds or wraps, is published as
 * --call-dock-room, which the stylesheet turns into bottom padding and scroll
 * padding on a phone. A fixed guess was too little whenever the folded header
 * grew, and anything scrolled into view could land under the panel.
 * A ref callback: the panel mounts only once a call is on.
 */
export function useDockRoom() {
  return useCallback((dock: HTMLElement | null) => {
    if (!dock) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      // From the panel's top edge to the bottom of the window: its height and its margin.
      root.style.setProperty("--call-dock-room", `${Math.ceil(window.innerHeight - dock.getBoundingClientRect().top)}px`);
    });
    observer.observe(dock);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--call-dock-room");
    };
  }, []);
}
