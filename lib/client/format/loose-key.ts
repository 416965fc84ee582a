/**
 * A name reduced to its lower-case letters and digits, for matching what
 * people type against the names we use: "Phone Number", "phone_number" and
 * "PHONE-NUMBER" are one key, as are "Keep oldest" and "keep_oldest".
 */
export function looseKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}
