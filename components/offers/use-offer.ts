"use client";

import { pollEvery, useLive, useLiveEvents, useReadAgainWhenLive } from "@/components/live/event-stream-provider";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";

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
  // An offer made while this page was loading: the first read can come before the offer, its event before the stream.
  useReadAgainWhenLive(offers.mutate);
  // The server lists open offers only; one that runs out goes with its offer.withdrawn event.
  const offer = offers.data?.data[0] ?? null;
  return { offer, reload: offers.mutate };
}
