/**
 * The organization's own spelling of a typed tag. Tags are stored and
 * filtered exactly ("vip" and "VIP" are two tags), but people type them in
 * any case: typed "vip" where only "VIP" exists means "VIP". An exact match
 * wins, and so does the typed text when it matches no tag or several
 * spellings equally (then the person must choose).
 */
export function knownTag(typed: string, known: readonly string[]): string {
  const tag = typed.trim();
  if (known.includes(tag)) return tag;
  const spellings = known.filter((name) => name.toLowerCase() === tag.toLowerCase());
  return spellings.length === 1 ? spellings[0] : tag;
}

/** Comma-separated tags as typed → the organization's spellings, without empties or repeats. */
export function knownTags(typed: string, known: readonly string[]): string[] {
  return [
    ...new Set(
      typed
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => knownTag(t, known)),
    ),
  ];
}
