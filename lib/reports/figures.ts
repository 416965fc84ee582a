/** A share of a whole, to four places; null when there is no whole. */
export const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
/** A figure to two places; null stays null. */
export const num = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);
