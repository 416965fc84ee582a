import { describe, expect, it } from "vitest";
import { countSegments } from "./segments";

// Figures checked against the provider's own segment calculator.
describe("countSegments", () => {
  it.each([
    ["", "GSM-7", 0],
    ["Hello", "GSM-7", 1],
    ["a".repeat(160), "GSM-7", 1],
    ["a".repeat(161), "GSM-7", 2],
    ["a".repeat(306), "GSM-7", 2],
    ["a".repeat(307), "GSM-7", 3],
    ["€".repeat(80), "GSM-7", 1], // 160 septets
    ["€".repeat(81), "GSM-7", 2],
    // 152 septets then a two-septet character: it moves whole to the next segment.
    ["a".repeat(152) + "[" + "a".repeat(10), "GSM-7", 2],
    ["a".repeat(152) + "[" + "a".repeat(151), "GSM-7", 2], // the second segment holds the pair and 151 more: 153
    ["a".repeat(152) + "[" + "a".repeat(152), "GSM-7", 3],
    ["Ça coûte 5 €", "UCS-2", 1], // û is not in the GSM alphabet
    ["à bientôt", "UCS-2", 1],
    ["é".repeat(160), "GSM-7", 1],
    ["ж".repeat(70), "UCS-2", 1],
    ["ж".repeat(71), "UCS-2", 2],
    ["ж".repeat(134), "UCS-2", 2],
    ["ж".repeat(135), "UCS-2", 3],
    ["😀".repeat(35), "UCS-2", 1], // 70 code units
    ["😀".repeat(36), "UCS-2", 2],
    // 66 units then an emoji (2 units) does not split the pair.
    ["ж".repeat(66) + "😀" + "ж".repeat(3), "UCS-2", 2],
    ["ж".repeat(66) + "😀" + "ж".repeat(66), "UCS-2", 3],
  ] as const)("%j is %s in %i segment(s)", (body, encoding, segments) => {
    expect(countSegments(body)).toMatchObject({ encoding, segments });
  });

  it("counts characters as people do and says what is left", () => {
    expect(countSegments("😀 hi")).toMatchObject({ characters: 4, encoding: "UCS-2", remaining: 70 - 5 });
    expect(countSegments("Hi {there}")).toMatchObject({ characters: 10, encoding: "GSM-7", remaining: 160 - 12 });
  });
});
