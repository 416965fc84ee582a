import "server-only";
import { database } from "./client";

/**
 * LISTEN on a channel: `onPayload` for each NOTIFY, `onReconnect` after the
 * listening connection was lost and opened again (what was sent meanwhile
 * was missed: catch up). Answers a function that stops listening.
 */
export function listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  return database().driver.listen(channel, onPayload, onReconnect);
}
