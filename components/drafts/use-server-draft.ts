"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import type { DraftKind } from "@/lib/drafts/schemas";

/** How long typing pauses before the draft is written (a keystroke is not a request). */
const DEBOUNCE_MS = 600;

export type DraftState = "idle" | "saving" | "saved" | "failed";

/**
 * Nothing typed is lost (issue 45, point 1): what the user types into `value`
 * is kept on the server as a draft of `kind`/`ref` (debounced; at once with
 * `keepalive` when the page goes away), and a draft found there comes back
 * through `restore` while the field is still empty: after a reload, in a
 * second tab, after a server restart. `discard` drops it once the notes are
 * saved or the reply sent. No `ref` yet (a call still connecting): nothing.
 */
export function useServerDraft({ kind, ref, value, restore }: { kind: DraftKind; ref: string | null; value: string; restore: (body: string) => void }) {
  const token = useApiToken();
  const [state, setState] = useState<DraftState>("idle");
  const path = ref ? `/api/drafts/${kind}/${encodeURIComponent(ref)}` : null;
  // The draft last known to be on the server, and the ref it was read for (no write before the read).
  const stored = useRef<{ path: string | null; body: string | null }>({ path: null, body: null });
  const latest = useRef({ value, restore });
  useEffect(() => {
    latest.current = { value, restore };
  });
  // Set once the server's draft is read: what was typed before that (a call whose id came late) is written then.
  const [readFor, setReadFor] = useState<string | null>(null);

  useEffect(() => {
    if (!path || !token) return;
    let stale = false;
    apiFetch<{ body: string }>(path, token)
      .then((draft) => {
        if (stale) return;
        stored.current = { path, body: draft.body };
        if (draft.body && !latest.current.value.trim()) latest.current.restore(draft.body);
        setReadFor(path);
      })
      .catch(() => {
        // Unknown (the read failed; "no draft" is an empty body, never an error): the next write is sent whatever it holds.
        if (stale) return;
        stored.current = { path, body: null };
        setReadFor(path);
      });
    return () => {
      stale = true;
    };
  }, [path, token]);

  const write = useCallback(
    async (body: string, keepalive = false) => {
      if (!path || !token || stored.current.path !== path || stored.current.body === body) return;
      const previous = stored.current.body;
      stored.current = { path, body };
      setState("saving");
      try {
        if (body.trim()) await apiFetch(path, token, { method: "PUT", body: JSON.stringify({ body }), keepalive });
        else await apiFetch(path, token, { method: "DELETE", keepalive });
        setState("saved");
      } catch {
        stored.current = { path, body: previous };
        setState("failed");
      }
    },
    [path, token],
  );

  useEffect(() => {
    if (readFor !== path) return;
    const timer = setTimeout(() => void write(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, write, readFor, path]);

  // A reload or a closed tab inside the debounce still keeps the last keystrokes.
  useEffect(() => {
    const flush = () => void write(latest.current.value, true);
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, [write]);

  const discard = useCallback(async () => {
    if (!path || !token) return;
    stored.current = { path, body: "" };
    setState("idle");
    await apiFetch(path, token, { method: "DELETE" }).catch(() => undefined);
  }, [path, token]);

  return { state, discard };
}

/** "Draft saved" beside the field, quietly; a failure says the text is still only here. */
export function draftNote(state: DraftState): string {
  return state === "saving" ? "Saving draft…" : state === "saved" ? "Draft saved" : state === "failed" ? "Draft not saved: it is only in this tab" : "";
}
