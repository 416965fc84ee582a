import { z } from "zod";

/** One tag as a contact carries it. */
export const tagSchema = z.string().trim().min(1, "Tags may not be empty.").max(100, "Tags may not be longer than 100 characters.");

/** Next.js hands over route segments still percent-encoded in some cases; decode once, safely. */
function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const tagParams = z.object({ name: z.string().transform(decodeSegment).pipe(tagSchema) });
// A rename or merge rewrites every contact carrying the tag: a key it does not know is refused (422).
export const renameTagSchema = z.strictObject({ name: tagSchema });
export const mergeTagSchema = z.strictObject({ into: tagSchema });

/** The Do Not Call tag, recognised by name whatever its letter case. */
export function isDncTag(tag: string): boolean {
  return tag.trim().toLowerCase() === "dnc";
}
