import { describe, expect, it } from "vitest";
import type { RecordingConsentSettings } from "@/lib/settings/schemas";
import { consentAnnouncement } from "./consent-announcement";

const none = { text: null, audio_url: null, opt_out_digit: null } as const;

describe("consentAnnouncement", () => {
  it("is nothing until some words or a file say something", () => {
    expect(consentAnnouncement({ ...none, outbound: false, numbers: {} }, "+14155550100")).toBeNull();
  });

  it("gives the organization's words, or the called number's own when it has them", () => {
    const settings: RecordingConsentSettings = {
      text: "Recorded.",
      audio_url: null,
      opt_out_digit: "1",
      outbound: false,
      numbers: { "+14155550100": { text: "This line is recorded.", audio_url: null, opt_out_digit: "9" } },
    };
    expect(consentAnnouncement(settings, "+14155550199")).toEqual({ text: "Recorded.", audioUrl: null, optOutDigit: "1" });
    expect(consentAnnouncement(settings, "+14155550100")).toEqual({ text: "This line is recorded.", audioUrl: null, optOutDigit: "9" });
    expect(consentAnnouncement(settings, null)).toEqual({ text: "Recorded.", audioUrl: null, optOutDigit: "1" });
  });

  it("a number listed with nothing to say announces nothing, even when the organization has words", () => {
    const settings = { text: "Recorded.", audio_url: null, opt_out_digit: null, outbound: false, numbers: { "+14155550100": none } };
    expect(consentAnnouncement(settings, "+14155550100")).toBeNull();
  });
});
