import { describe, expect, it } from "vitest";
import { conferenceEvent, queueLeft } from "./voice-callbacks";

// The provider's words for a caller's wait and a conference's changes, read
// into the domain's (issue 62, point 4): nothing past the adapter compares
// "bridged" or "participant-join".
const CALL = "CA" + "a".repeat(32);

describe("queueLeft", () => {
  it("names how the wait ended: answered, hung up, sent on, or failed", () => {
    const end = (QueueResult?: string) => queueLeft({ CallSid: CALL, ...(QueueResult !== undefined && { QueueResult }) })?.end;
    expect([end("bridged"), end("hangup"), end(), end("leave"), end("system-error"), end("redirected"), end("toString")]).toEqual([
      "answered",
      "hung-up",
      "hung-up",
      "sent-on",
      "failed",
      "failed",
      "failed",
    ]);
    expect(queueLeft({ QueueResult: "bridged" })).toBeNull();
  });
});

describe("conferenceEvent", () => {
  it("names the change: a leg joined or left, the conference started or ended, or something else", () => {
    const change = (StatusCallbackEvent: string) => conferenceEvent({ StatusCallbackEvent, ConferenceSid: "CF" + "b".repeat(32), CallSid: CALL }, new URLSearchParams({ call: "12" }))?.change;
    expect(["participant-join", "participant-leave", "conference-start", "conference-end", "participant-mute"].map(change)).toEqual(["joined", "left", "started", "ended", "other"]);
  });
});
