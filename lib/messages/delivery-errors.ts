// What a text's failure means and what to do (issue 45, point 7), from the
// provider's error codes for messages (its "Error and Warning Dictionary"):
// the ones people meet, in words; `retry` says whether sending the same text
// again can succeed. Shared by the pages (the message bubble) and any report.

export interface DeliveryError {
  meaning: string;
  advice: string;
  retry: boolean;
}

const ERRORS: Record<string, DeliveryError> = {
  "30001": { meaning: "The provider's queue for this number was full.", advice: "Send it again in a moment.", retry: true },
  "30002": { meaning: "The provider's account is suspended.", advice: "Ask an administrator to check the account (Settings → Telephony).", retry: false },
  "30003": { meaning: "The phone was off or out of coverage.", advice: "Try again later, or call.", retry: true },
  "30004": { meaning: "The recipient or their carrier blocked it.", advice: "Call them instead; they may have blocked this number.", retry: false },
  "30005": { meaning: "The number does not exist or is no longer in service.", advice: "Check the number on the contact.", retry: false },
  "30006": { meaning: "A landline, or a carrier that takes no texts.", advice: "Call them instead.", retry: false },
  "30007": { meaning: "The carrier filtered it as unwanted.", advice: "Write it differently (no link shorteners, no capitals shouting) and send that.", retry: false },
  "30008": { meaning: "The carrier could not say why it failed.", advice: "Send it again; if it fails again, call.", retry: true },
  "21211": { meaning: "Not a valid phone number.", advice: "Check the number on the contact.", retry: false },
  "21408": { meaning: "Texting this country is not enabled for the account.", advice: "Ask an administrator to enable it at the provider.", retry: false },
  "21610": { meaning: "They texted STOP to this number.", advice: "They must text START before they can be texted again.", retry: false },
  "21614": { meaning: "Not a mobile number.", advice: "Call them instead.", retry: false },
};

/** The meaning of a provider error code, or a plain fallback that still names the code. */
export function explainDeliveryError(code: string | null): DeliveryError {
  return (
    (code && ERRORS[code]) || {
      meaning: code ? `The provider could not deliver it (error ${code}).` : "The provider could not deliver it.",
      advice: "Send it again; if it fails again, call.",
      retry: true,
    }
  );
}
