"use client";

import { useSyncExternalStore } from "react";
import { displayTimeZone } from "@/lib/format/display";

const unchanging = () => () => undefined;

/** Says once per page which clock its times are on (client only: the server does not know the reader's organization's zone). */
export function TimesShownIn() {
  const zone = useSyncExternalStore(unchanging, displayTimeZone, () => null);
  return zone ? <span className="small muted times-shown-in">Times in {zone.replaceAll("_", " ")}</span> : null;
}
