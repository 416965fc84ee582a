import { z } from "zod";

// The contract's pagination: `page` (1-based), `per_page` default 25, larger
// than 100 is clamped rather than refused.
export const paginationSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .catch(25)
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
