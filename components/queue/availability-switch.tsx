"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/swr/api-fetch";
import { useApi, useApiToken } from "@/lib/swr/use-api";

export const AVAILABILITY = [
  { status: "available", label: "Available" },
  { status: "busy", label: "Busy" },
  { status: "wrap_up", label: "Wrap-up" },
  { status: "offline", label: "Offline" },
] as const;
export type Availability = (typeof AVAILABILITY)[number]["status"];

export function useAgentStatus() {
  return useApi<{ status: Availability; changed_at: string | null; notice: string | null }>("/api/agent/status");
}

/** The agent's availability, stored through the API (the queue only offers calls to Available agents). */
export function AvailabilitySwitch() {
  const token = useApiToken();
  const { data, mutate } = useAgentStatus();
  const [error, setError] = useState<string | null>(null);
  const change = async (status: Availability) => {
    setError(null);
    try {
      const saved = await apiFetch<{ status: Availability; changed_at: string; notice: string | null }>("/api/agent/status", token!, { method: "POST", body: JSON.stringify({ status }) });
      await mutate(saved, { revalidate: false });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="availability-switch">
      <div className="availability" role="group" aria-label="Availability">
        {AVAILABILITY.map((option) => (
          <button key={option.status} type="button" data-status={option.status} aria-pressed={data?.status === option.status} onClick={() => change(option.status)}>
            {option.label}
          </button>
        ))}
      </div>
      {data?.notice && <div className="alert" role="status" data-testid="agent-notice">{data.notice}</div>}
      {error && <div className="alert" role="alert">{error}</div>}
    </div>
  );
}
