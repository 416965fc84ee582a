"use client";

import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False while the server renders and the browser hydrates, true after: a
 * control drawn by the server with its data (the Availability buttons) stays
 * disabled until its handler is attached, so a click on it is never lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
