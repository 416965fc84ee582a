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
