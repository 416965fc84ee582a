import { describe, expect, it } from "vitest";
import { messageKeyword } from "./keywords";

describe("messageKeyword", () => {
  it.each([
    ["STOP", "opt_out"],
    ["stop", "opt_out"],
    [" Stop. ", "opt_out"],
    ["StopAll", "opt_out"],
    ["unsubscribe", "opt_out"],
    ["cancel", "opt_out"],
    ["END", "opt_out"],
    ["quit!", "opt_out"],
    ["START", "opt_in"],
    ["unstop", "opt_in"],
    ["yes", "opt_in"],
    ["HELP", "help"],
    ["info", "help"],
  ])("%j is %s", (body, keyword) => expect(messageKeyword(body)).toBe(keyword));

  it.each(["Please stop calling me", "STOP IT", "stopp", "", "yes please", "help me"])("%j is no keyword: not alone in the message", (body) => {
    expect(messageKeyword(body)).toBeNull();
  });
});
