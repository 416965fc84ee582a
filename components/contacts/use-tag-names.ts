"use client";

import { useSWRConfig } from "swr";
import { useApiGet } from "@/lib/client/swr/use-api-get";

const TAGS = "/api/tags" as const;

/** The organization's tag names (as the caller sees them), for suggestions and spelling; one request shared by every user of it. */
export function useTagNames(): string[] {
  const { data } = useApiGet(TAGS, {});
  return (data ?? []).map((t) => t.name);
}

/** Reloads the tag names after a write that may have added or removed tags. */
export function useRefreshTagNames(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === TAGS);
}
