"use client";

import { SWRConfig } from "swr";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * Answers the server read while rendering the page (app/(app)/first-answers.ts),
 * given to the hooks below as their first data: the page is drawn with them
 * from the HTML on, and each hook still asks once to stay current.
 *
 * `inertUntilHydrated`: a page drawn with its data shows buttons, boxes and
 * links before its scripts have attached their handlers, and a click there
 * would be lost (or tick a box React then unticks). Until the page is live its
 * part stays inert: seen at once, used a moment later.
 */
export function FirstAnswers({ answers, inertUntilHydrated = false, children }: { answers: Record<string, unknown>; inertUntilHydrated?: boolean; children: React.ReactNode }) {
  const hydrated = useHydrated();
  const content = inertUntilHydrated ? <div style={{ display: "contents" }} inert={!hydrated}>{children}</div> : children;
  return <SWRConfig value={{ fallback: answers }}>{content}</SWRConfig>;
}
