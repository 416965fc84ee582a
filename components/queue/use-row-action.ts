"use client";

import { useState } from "react";

/**
 * One action at a time on a list's rows (claim, call back, dismiss): which
 * action on which row is under way (`call-back:12`; the list's buttons wait),
 * what went wrong in words, and the list read again afterwards whatever
 * happened (someone else may have acted first).
 */
export function useRowAction(reload: () => unknown) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: string, work: () => Promise<unknown>) => {
    setProblem(null);
    setBusy(action);
    try {
      await work();
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(null);
      await reload();
    }
  };
  return { busy, problem, run };
}
