import { describe, expect, it } from "vitest";
import { failingTooLong, nextAttemptAt, RETRY_WINDOW_MS } from "./retry-schedule";

describe("webhook retries", () => {
  const created = new Date("2026-11-25T00:00:00Z");
  it("wait 5 s, then twice as long each time, at most an hour apart, never past 24 hours from the event", () => {
    const after = (attempts: number, minutesLater = 0) => {
      const now = new Date(created.getTime() + minutesLater * 60_000);
      return (nextAttemptAt(attempts, created, now)!.getTime() - now.getTime()) / 1000;
    };
    expect([1, 2, 3, 4].map((n) => after(n))).toEqual([5, 10, 20, 40]);
    expect(after(20)).toBe(3600);
    expect(after(30, 24 * 60 - 10)).toBe(600);
    expect(nextAttemptAt(5, created, new Date(created.getTime() + RETRY_WINDOW_MS))).toBeNull();
  });
  it("an endpoint is disabled after failing for 24 hours", () => {
    expect(failingTooLong(null, new Date())).toBe(false);
    expect(failingTooLong(created, new Date(created.getTime() + RETRY_WINDOW_MS - 1))).toBe(false);
    expect(failingTooLong(created, new Date(created.getTime() + RETRY_WINDOW_MS))).toBe(true);
  });
});
