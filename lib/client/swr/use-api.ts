"use client";

import { useSession } from "next-auth/react";
import useSWR, { type SWRConfiguration } from "swr";
import { apiFetch } from "./api-fetch";

/** SWR over the API with the session's token; `path` null pauses the request. */
export function useApi<T>(path: string | null, config?: SWRConfiguration<T>) {
  const { data: session } = useSession();
  const key = session?.apiToken && path ? [path, session.apiToken] : null;
  return useSWR<T>(key, ([url, token]: [string, string]) => apiFetch<T>(url, token), config);
}

export function useApiToken(): string | undefined {
  return useSession().data?.apiToken;
}
