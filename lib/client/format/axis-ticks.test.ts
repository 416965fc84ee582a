import { describe, expect, it } from "vitest";
import { axisTicks, shownLabels } from "./axis-ticks";

describe("axisTicks", () => {
  it("counts up in round whole steps to a top at or above the largest value", () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(41)).toEqual([0, 20, 40, 60]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});

describe("shownLabels", () => {
  it("shows about the asked number of labels, evenly, and the last one when a full step away", () => {
    expect([...shownLabels(30, 7)]).toEqual([0, 5, 10, 15, 20, 25]);
    expect([...shownLabels(31, 6)]).toEqual([0, 6, 12, 18, 24, 30]);
    expect([...shownLabels(24, 8)]).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
    expect([...shownLabels(3, 7)]).toEqual([0, 1, 2]);
    expect([...shownLabels(0, 7)]).toEqual([]);
  });
});
