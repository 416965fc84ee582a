import { describe, expect, it } from "vitest";
import { explainDeliveryError } from "./delivery-errors";

describe("explainDeliveryError", () => {
  it("says what a known code means, what to do, and whether sending again can help", () => {
    expect(explainDeliveryError("30003")).toMatchObject({ meaning: "The phone was off or out of coverage.", retry: true });
    expect(explainDeliveryError("30006")).toMatchObject({ advice: "Call them instead.", retry: false });
    expect(explainDeliveryError("21610").advice).toContain("START");
  });

  it("still names an unknown code, and offers a retry", () => {
    expect(explainDeliveryError("39999")).toEqual({ meaning: "The provider could not deliver it (error 39999).", advice: "Send it again; if it fails again, call.", retry: true });
    expect(explainDeliveryError(null).meaning).toBe("The provider could not deliver it.");
  });
});
