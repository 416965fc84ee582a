import { describe, expect, it } from "vitest";
import { percentileFromHistogram } from "./percentile-from-histogram";

// The values PostgreSQL's percentile_cont gives for the same data.
describe("percentileFromHistogram", () => {
  it("interpolates between the two nearest ranks as percentile_cont does", () => {
    // 10, 20, 40: percentile_cont(0.9) = 20 + 0.8 * (40 - 20) = 36
    expect(
      percentileFromHistogram(
        [
          { value: 10, count: 1 },
          { value: 20, count: 1 },
          { value: 40, count: 1 },
        ],
        0.9,
      ),
    ).toBeCloseTo(36);
    // 0 ×9, 100 ×1: rank 8.1 lies between the 9th (0) and the 10th (100)
    expect(
      percentileFromHistogram(
        [
          { value: 0, count: 9 },
          { value: 100, count: 1 },
        ],
        0.9,
      ),
    ).toBeCloseTo(10);
    expect(percentileFromHistogram([{ value: 7, count: 5 }], 0.9)).toBe(7);
  });

  it("is null with no values", () => {
    expect(percentileFromHistogram([], 0.9)).toBeNull();
  });
});
