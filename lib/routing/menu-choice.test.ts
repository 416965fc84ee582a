import { describe, expect, it } from "vitest";
import { menuChoice, menuPrompt } from "./menu-choice";

const menu = {
  greeting: "Thanks for calling Acme.",
  default_digit: "2",
  options: [
    { digit: "1", label: "Sales", words: ["buy", "pricing"], target: { type: "queue" as const, department_id: 1 } },
    { digit: "2", label: "Customer support", words: ["help"], target: { type: "queue" as const, department_id: 2 } },
    { digit: "*", label: "the front desk", words: [], target: { type: "number" as const, number: "+14155550100" } },
  ],
};

describe("the caller's menu choice", () => {
  it("takes a key, or words said anywhere in the sentence (the label or one of the option's words)", () => {
    expect(menuChoice(menu, { digits: "1", speech: null })?.label).toBe("Sales");
    expect(menuChoice(menu, { digits: "*", speech: null })?.label).toBe("the front desk");
    expect(menuChoice(menu, { digits: null, speech: "I'd like some HELP, please." })?.digit).toBe("2");
    expect(menuChoice(menu, { digits: null, speech: "customer support" })?.digit).toBe("2");
    expect(menuChoice(menu, { digits: null, speech: "What's your pricing?" })?.digit).toBe("1");
  });

  it("a key no option has, a word that only looks alike, or nothing at all is no choice", () => {
    expect(menuChoice(menu, { digits: "7", speech: null })).toBeNull();
    expect(menuChoice(menu, { digits: null, speech: "helpful" })).toBeNull();
    expect(menuChoice(menu, { digits: null, speech: "" })).toBeNull();
    expect(menuChoice(menu, { digits: null, speech: null })).toBeNull();
  });

  it("reads the options after the greeting", () => {
    expect(menuPrompt(menu)).toBe("Thanks for calling Acme. For Sales, press 1. For Customer support, press 2. For the front desk, press star.");
  });
});
