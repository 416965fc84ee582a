"use client";

import { useMemo } from "react";
import { SWRConfig } from "swr";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * Answers the server read while rendering the page (app/(app)/first-answers.ts),
 * given to the hooks below as their first data: the page is drawn with them
 * from the HTML on, and each hook still asks once to stay current.
 *
 * The configuration is made once: a new one would be a new SWR context, and
 * every hook below would draw again (the whole app, in one task, right after
 * hydration: 100-300 ms of a phone's load, issue 45).
 *
 * `inertUntilHydrated`: a page drawn with its data shows buttons, boxes and
 * links before its scripts have attached their handlers, and a click there
 * would be lost (or tick a box React then unticks). Until the page is live its
 * part stays inert: seen at once, used a moment later.
 */
export function FirstAnswers({ answers, inertUntilHydrated = false, children }: { answers: Record<string, unknown>; inertUntilHydrated?: boolean; children: React.ReactNode }) {
  const config = useMemo(() => ({ fallback: answers }), [answers]);
  return <SWRConfig value={config}>{inertUntilHydrated ? <InertUntilHydrated>{children}</InertUntilHydrated> : children}</SWRConfig>;
}

/** Only this wrapper draws again once hydrated; what it holds is the same and is left as it is. */
function InertUntilHydrated({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div style={{ display: "contents" }} inert={!hydrated}>
      {children}
    </div>
  );
}
