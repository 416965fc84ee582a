import { describe, expect, it } from "vitest";
import { whatsappSenderNumber, whatsappSettingsSchema } from "./whatsapp-schemas";

// Issue 59, point 7: one sender, one spelling, so that two ways of writing a
// number are one claim (owned_numbers) and one match for incoming messages.
describe("whatsappSenderNumber", () => {
  it("reads the provider's address, grouped digits and bare international digits as one E.164 number", () => {
    for (const written of ["+14155550100", "whatsapp:+14155550100", "WhatsApp:+1 415 555 0100", "+1 (415) 555-0100", "14155550100", "0014155550100", " +1.415.555.0100 "]) {
      expect(whatsappSenderNumber(written), written).toBe("+14155550100");
    }
    expect(whatsappSenderNumber("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("is null for what is no number, and the settings refuse it", () => {
    for (const written of ["", "whatsapp:", "call us", "+0123", "+1234", "+1 415 555 0100 ext. 7", "tel:+14155550100x"]) {
      expect(whatsappSenderNumber(written), written).toBeNull();
    }
    expect(whatsappSettingsSchema.safeParse({ sender: "call us", templates: [] }).success).toBe(false);
    expect(whatsappSettingsSchema.parse({ sender: "whatsapp:+1 415 555 0100", templates: [] }).sender).toBe("+14155550100");
    expect(whatsappSettingsSchema.parse({ sender: null, templates: [] }).sender).toBeNull();
  });
});
