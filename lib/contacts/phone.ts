import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** E.164 as the contract states it: "+", then 1–15 digits, the first 1–9. */
export const E164_PATTERN = /^\+[1-9]\d{0,14}$/;

export function isE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/**
 * A phone number written any common way ("(415) 555-2671", "020 7946 0958",
 * "+44 20 7946 0958") as E.164, reading national numbers in `defaultCountry`.
 * Null when it is not a valid number.
 */
export function toE164(raw: string, defaultCountry: string): string | null {
  const trimmed = raw.trim();
  if (isE164(trimmed)) return trimmed;
  const parsed = parsePhoneNumberFromString(trimmed, defaultCountry.toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** Only the digits: what quick search compares a typed phone fragment with. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Does a search text look like (part of) a phone number rather than a name? */
export function looksLikePhone(query: string): boolean {
  return /^[+\d\s().-]+$/.test(query) && phoneDigits(query).length >= 3;
}
