"use client";

import { useEffect } from "react";
import { pollEvery, useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { useApiGet, type GetAnswer } from "@/lib/swr/use-api-get";

export type Offer = GetAnswer<"/api/offers">["data"][number];

/**
 * The call offered to this agent now, if any (GET /api/offers): reloaded the
 * moment an offer.created or offer.withdrawn arrives on the event stream, and
 * polled every 3 seconds when the stream is down.
 */
export function useOffer(enabled: boolean) {
  const live = useLive();
  const offers = useApiGet("/api/offers", enabled ? {} : null, { refreshInterval: pollEvery(live, 3000) });
  useLiveEvents(["offer.created", "offer.withdrawn"], () => void offers.mutate());
  // An offer made while this page was loading (its event sent before the stream was open) is read again
  // once the stream is up: the first read can come before the offer, the event before the stream.
  const { mutate } = offers;
  useEffect(() => {
    if (live) void mutate();
  }, [live, mutate]);
  // The server lists open offers only; one that runs out goes with its offer.withdrawn event.
  const offer = offers.data?.data[0] ?? null;
  return { offer, reload: offers.mutate };
}
