"use client";

import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * Text that depends on the organization's clock, in a list the server also
 * renders (issue 45): the server does not know the zone the page formats in,
 * so its HTML leaves the text out and the browser fills it in right after
 * hydration. A time in the server's own zone would not match the browser's,
 * and React would throw the whole list away and draw it again.
 */
export function LocalTime({ format }: { format: () => string }) {
  return <>{useLocalText(format)}</>;
}

/** The same for an attribute (a label, a title): empty in the server's HTML, the text once hydrated. */
export function useLocalText(format: () => string): string {
  return useSyncExternalStore(never, format, () => "");
}
