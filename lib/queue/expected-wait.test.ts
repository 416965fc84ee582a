import { describe, expect, it } from "vitest";
import { expectedWaitSeconds, paceOf } from "./expected-wait";

const at = (secondsAgo: number[], now = 1_000_000) => secondsAgo.map((s) => now - s * 1000);

describe("the queue's pace and the expected wait", () => {
  it("is the mean interval between recent answers times the place in line, less the time since the last answer", () => {
    // Answers 10, 70, 130 and 190 seconds ago: one a minute.
    const pace = paceOf(at([10, 70, 130, 190]), 1_000_000)!;
    expect(pace).toEqual({ intervalSeconds: 60, sinceLastSeconds: 10 });
    expect(expectedWaitSeconds(pace, 1)).toBe(50);
    expect(expectedWaitSeconds(pace, 3)).toBe(170);
  });

  it("never goes below zero, and the time since the last answer counts at most one interval", () => {
    const pace = paceOf(at([300, 330, 360]), 1_000_000)!; // every 30 s, the last one 5 minutes ago
    expect(expectedWaitSeconds(pace, 1)).toBe(0);
    expect(expectedWaitSeconds(pace, 4)).toBe(90);
  });

  it("says nothing with fewer than three recent answers", () => {
    expect(paceOf(at([10, 70]), 1_000_000)).toBeNull();
    expect(expectedWaitSeconds(null, 2)).toBeNull();
  });
});
