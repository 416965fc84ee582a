"use client";

import dynamic from "next/dynamic";
import { useSoftphone } from "./softphone-provider";

// The in-call panel's code (the dock, transfers, payments, the keypad: a fifth of the app's own
// script) is fetched when there is a call, not with every page: a page opened between calls starts
// without it (issue 45, point 11). A reload during a call draws the panel a moment after the page.
const CallDock = dynamic(() => import("./call-dock").then((module) => module.CallDock), { ssr: false });

/** The call panel, while the agent has a call (until its wrap-up ends). */
export function CallDockWhenCalling() {
  return useSoftphone().call ? <CallDock /> : null;
}
