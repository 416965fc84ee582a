"use client";

import { displayTimeZone } from "@/lib/client/format/display";
import { useApiGet, type GetAnswer } from "./use-api-get";

export type OrganizationProfile = GetAnswer<"/api/organization">;

/**
 * The caller's organization (GET /api/organization), read once a session:
 * what national phone numbers are read in and what times are shown in. Until
 * it arrives, US and the zone times are shown in stand in (the app frame's
 * organization zone; the server's default country).
 */
export function useOrganization(): OrganizationProfile & { loaded: boolean } {
  const { data } = useApiGet("/api/organization", {}, { revalidateOnFocus: false, dedupingInterval: 60_000 });
  return data ? { ...data, loaded: true } : { id: 0, name: "", default_country: "US", time_zone: displayTimeZone(), loaded: false };
}
