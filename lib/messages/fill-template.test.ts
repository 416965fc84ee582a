import { describe, expect, it } from "vitest";
import { fillTemplate, unfilledFields } from "./render-template";

// Issue 45, point 6: a saved reply never sends a blank where a field should be.
describe("fillTemplate", () => {
  it("fills what the contact has and leaves each field it lacks as its placeholder, named", () => {
    const filled = fillTemplate("Hi {{first_name}}, your {{plan}} plan at {{Company}} ({{email}})", { name: "Bo Li", company: "  " }, ["plan"]);
    expect(filled).toEqual({ text: "Hi Bo, your {{plan}} plan at {{Company}} ({{email}})", missing: ["plan", "company", "email"] });
  });

  it("a placeholder that names no field renders empty and is no gap", () => {
    expect(fillTemplate("Hi {{first_name}}{{nothing}}!", { name: "Bo" })).toEqual({ text: "Hi Bo!", missing: [] });
  });

  it("a contact's own custom field is a field even when the organization's list is not given", () => {
    expect(fillTemplate("{{tier}} / {{vip}}", { name: "Bo", custom_fields: { tier: "Gold", vip: null } })).toEqual({ text: "Gold / {{vip}}", missing: ["vip"] });
  });

  it("finds the placeholders left in a text, once each, in lower case", () => {
    expect(unfilledFields("Dear {{First_Name}}, {{first_name}} and {{ company }}; {x} {{ }}")).toEqual(["first_name", "company"]);
  });
});
