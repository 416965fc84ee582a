import { describe, expect, it } from "vitest";
import { renderTemplate } from "./render-template";

describe("renderTemplate", () => {
  const contact = { name: "Ana María Pérez", phone: "+34600000000", company: "Acme", custom_fields: { plan: "Gold" } };

  it("fills the contact's fields, first and last names, and custom fields", () => {
    expect(renderTemplate("Hi {{first_name}} ({{ last_name }}) at {{company}}, your {{plan}} plan", contact)).toBe("Hi Ana (María Pérez) at Acme, your Gold plan");
    expect(renderTemplate("{{NAME}} / {{phone}}", contact)).toBe("Ana María Pérez / +34600000000");
  });

  it("leaves nothing of an unknown or empty placeholder, and keeps other braces", () => {
    expect(renderTemplate("Hi {{first_name}}{{email}}! {x} {{ }}", { name: "Bo" })).toBe("Hi Bo! {x} {{ }}");
    expect(renderTemplate("Hello {{name}}", null)).toBe("Hello ");
  });
});
