// A long sentence of the API document written over several source lines: the
// line breaks and indentation collapse to single spaces, so the text reads
// the same however the file wraps it.
export function prose(strings: TemplateStringsArray, ...values: unknown[]): string {
  return String.raw({ raw: strings }, ...values)
    .replace(/\s+/g, " ")
    .trim();
}
