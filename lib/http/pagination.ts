import { z } from "zod";

// The contract's pagination: `page` (1-based), `per_page` default 25, larger
// than 100 is clamped rather than refused. A value that is not a positive
// whole number is refused (422) on every list alike, never quietly replaced.
const positiveWhole = (field: string) =>
  z.coerce
    .number({ error: `The ${field} must be a whole number of 1 or more.` })
    .int(`The ${field} must be a whole number of 1 or more.`)
    .min(1, `The ${field} must be a whole number of 1 or more.`);

export const paginationSchema = z.object({
  page: positiveWhole("page").max(1_000_000_000, "The page is out of range.").default(1),
  per_page: positiveWhole("per_page")
    .default(25)
    .transform((n) => Math.min(n, 100)),
});

export type Pagination = z.infer<typeof paginationSchema>;

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  total_exact?: boolean;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export function pageOf<T>(data: T[], total: number, { page, per_page }: Pagination): Page<T> {
  return {
    data,
    meta: { current_page: page, per_page, total, last_page: Math.max(1, Math.ceil(total / per_page)) },
  };
}

export function skipTake({ page, per_page }: Pagination) {
  return { skip: (page - 1) * per_page, take: per_page };
}
