"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { useHydrated } from "@/components/ui/use-hydrated";

export const AVAILABILITY = [
  { status: "available", label: "Available" },
  { status: "busy", label: "Busy" },
  { status: "wrap_up", label: "Wrap-up" },
  { status: "offline", label: "Offline" },
] as const;
export type Availability = (typeof AVAILABILITY)[number]["status"];

/** The agent's state and current call (GET /api/agent/status, typed from the document). */
export function useAgentStatus() {
  return useApiGet("/api/agent/status", {});
}

/** The agent's availability, stored through the API (the queue only offers calls to Available agents). */
export function AvailabilitySwitch() {
  const token = useApiToken();
  const { data, mutate } = useAgentStatus();
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const change = async (status: Availability) => {
    setError(null);
    try {
      const saved = await apiFetch<Omit<GetAnswer<"/api/agent/status">, "call">>("/api/agent/status", token!, { method: "POST", body: JSON.stringify({ status }) });
      await mutate((current) => ({ ...saved, call: current?.call ?? null }), { revalidate: false });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="availability-switch">
      <div className="availability" role="group" aria-label="Availability">
        {AVAILABILITY.map((option) => (
          <button key={option.status} type="button" data-status={option.status} aria-pressed={data?.status === option.status} disabled={!hydrated} onClick={() => change(option.status)}>
            {option.label}
          </button>
        ))}
      </div>
      {data?.notice && (
        <div className="alert" role="status" data-testid="agent-notice">
          {data.notice}
        </div>
      )}
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
