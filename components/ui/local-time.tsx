"use client";

import { useContext, useSyncExternalStore } from "react";
import { formatAsServer } from "@/lib/client/format/display";
import { DisplayZone } from "./times-shown-in";

const never = () => () => undefined;

/**
 * Text on the organization's clock in a part of a page the server also
 * renders (issue 45). The server writes it on that clock in English (the
 * app frame names the zone), so a list is drawn whole from the HTML, with
 * no text that fills in late and moves the rows (a layout shift of 0.07 on
 * the Call history). The browser hydrates with the same text, then shows
 * its own language's if that differs. Outside the app frame the zone is not
 * known: the text is left out of the HTML and filled in once hydrated.
 */
export function LocalTime({ format }: { format: () => string }) {
  return <>{useLocalText(format)}</>;
}

/** The same for an attribute (a label, a title). */
export function useLocalText(format: () => string): string {
  const zone = useContext(DisplayZone);
  return useSyncExternalStore(never, format, () => (zone ? formatAsServer(zone, format) : ""));
}
