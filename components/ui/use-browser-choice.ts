"use client";

import { useSyncExternalStore } from "react";

// A person's choice kept in this browser (localStorage): the contact list's
// columns, the pick queue's caller alerts. Components subscribe to it as an
// external store, so every component showing it (and other tabs, through the
// storage event) follows a change at once. The server renders "": no choice.

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The stored text under `key` ("" when none), and a way to store another. */
export function useBrowserChoice(key: string): [string, (value: string) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(key) ?? "",
    () => "",
  );
  const store = (value: string) => {
    localStorage.setItem(key, value);
    for (const listener of listeners) listener();
  };
  return [raw, store];
}
