"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { looksLikePhone, toE164 } from "@/lib/contacts/phone";
import { useOrganization } from "@/lib/client/swr/use-organization";

// The contact list's filters live in the address bar: shareable, kept by the
// back button, and exactly the query the list, export and presets take.
export const FILTER_KEYS = ["q", "search", "tags", "tags_any", "department_id", "created_from", "created_to", "status", "opted_out", "sort"] as const;

export function useListFilters() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const page = Number(params.get("page") ?? 1) || 1;
  // A whole national number typed in the search ("020 7946 0958") is asked for as the E.164 it is
  // stored as; the address bar keeps what the person typed.
  const country = useOrganization().default_country;
  const asked = filters.q && looksLikePhone(filters.q) ? toE164(filters.q, country) : null;
  const apiFilters = asked ? { ...filters, q: asked } : filters;

  const replace = (next: Record<string, string>, nextPage = 1) => {
    const query = new URLSearchParams(Object.entries(next).filter(([, v]) => v !== "" && v !== undefined));
    if (nextPage > 1) query.set("page", String(nextPage));
    router.replace(`${pathname}${query.size ? `?${query}` : ""}`, { scroll: false });
  };
  return {
    filters,
    /** What the list and the export ask the API for. */
    apiFilters,
    page,
    set: (key: string, value: string) => replace({ ...filters, [key]: value }),
    setAll: (next: Record<string, string>) => replace(next),
    setPage: (next: number) => replace(filters, next),
  };
}
