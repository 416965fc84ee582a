"use client";

import { useEffect, useState } from "react";

/** Seconds since `since`, re-rendered every second (call timers, waiting times). */
export function useSecondsSince(since: number | null, until: number | null = null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null || until !== null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since, until]);
  if (since === null) return 0;
  return Math.max(0, Math.floor(((until ?? now) - since) / 1000));
}

/** Whole seconds left until `until` (a countdown), re-rendered every second; null without one. */
export function useSecondsUntil(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? null : Math.max(0, Math.ceil((until - now) / 1000));
}
