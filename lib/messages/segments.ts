// How the provider splits a text message into billed segments. A body that
// fits the GSM 03.38 alphabet travels as 7-bit septets: 160 in one segment,
// 153 per segment once it needs several (the rest is the concatenation
// header); the extension characters (^{}\[~]|€ and form feed) take two
// septets and are never split across segments. Any other character makes the
// whole message UCS-2: 70 UTF-16 code units alone, 67 per segment, and a
// surrogate pair (an emoji) never split. Shared by the server and the composer.

const GSM_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€\f";
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type MessageEncoding = "GSM-7" | "UCS-2";

export interface SegmentCount {
  encoding: MessageEncoding;
  /** Characters as a person counts them (code points). */
  characters: number;
  segments: number;
  /** Units left in the last segment before another one starts. */
  remaining: number;
}

/** The most characters one message may have (the provider's limit, and ours). */
export const MAX_MESSAGE_CHARACTERS = 1600;

export function countSegments(body: string): SegmentCount {
  const characters = [...body];
  const gsm = characters.every((c) => BASIC.has(c) || EXTENSION.has(c));
  // Each character's size in the encoding's units: septets, or UTF-16 code units.
  const sizes = gsm ? characters.map((c) => (EXTENSION.has(c) ? 2 : 1)) : characters.map((c) => c.length);
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const encoding: MessageEncoding = gsm ? "GSM-7" : "UCS-2";
  if (total <= single) return { encoding, characters: characters.length, segments: total === 0 ? 0 : 1, remaining: single - total };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, characters: characters.length, segments, remaining: multi - used };
}
