import { isEventType, streamedEventSchema } from "@/lib/events/event-contract";
import { suiteUrl } from "./api";

export interface ReceivedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * A client of GET /api/events, as a browser's EventSource would be: reads the
 * stream, keeps every event, and can wait for one. `ended` resolves when the
 * server closes the stream. Every event heard is held to the event contract
 * (lib/events/event-contract.ts): a frame of another shape fails the test at
 * its next wait or when the stream is closed.
 */
export async function subscribe(token: string, { baseUrl = suiteUrl(), types, lastEventId }: { baseUrl?: string; types?: string; lastEventId?: string } = {}) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events${types ? `?types=${types}` : ""}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream", ...(lastEventId && { "Last-Event-ID": lastEventId }) },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters: (() => void)[] = [];
  let heard = false;
  const offContract: string[] = [];
  const holdToContract = () => {
    if (offContract.length) throw new Error(`events off the contract:\n${offContract.join("\n")}`);
  };
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          heard = true;
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => line && !line.startsWith(":"))
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]),
          );
          if (fields.event) {
            const event = { id: fields.id, type: fields.event, data: JSON.parse(fields.data ?? "{}") };
            const checked = isEventType(event.type) ? streamedEventSchema(event.type).safeParse(event.data) : null;
            if (checked && !checked.success) offContract.push(`${event.type} ${JSON.stringify(event.data)}: ${checked.error.message}`);
            events.push(event);
          }
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  const waitFor = async (predicate: (event: ReceivedEvent) => boolean, timeoutMs = 3000): Promise<ReceivedEvent | undefined> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      holdToContract();
      const found = events.find(predicate);
      if (found || Date.now() > deadline) return found;
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), new Promise((r) => setTimeout(r, Math.max(1, deadline - Date.now())))]);
    }
  };
  // The stream says it is connected at once: wait for that, so what a test does next is heard.
  const opened = Date.now();
  while (response.ok && !heard && Date.now() - opened < 3000) await new Promise((r) => setTimeout(r, 10));
  const close = () => {
    abort.abort();
    holdToContract();
  };
  return { response, events, waitFor, ended, close };
}
