"use client";

import { createContext, useContext } from "react";

/** The organization's time zone, from the app frame: known on the server's render too, so the line never appears late. */
export const DisplayZone = createContext<string | null>(null);

/** Says once per page which clock its times are on. */
export function TimesShownIn() {
  const zone = useContext(DisplayZone);
  return zone ? <span className="small muted times-shown-in">Times in {zone.replaceAll("_", " ")}</span> : null;
}
