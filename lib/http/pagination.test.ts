import { describe, expect, it } from "vitest";
import { pageOf, paginationSchema, skipTake } from "./pagination";

describe("pagination", () => {
  it("defaults to page 1 of 25 and clamps per_page to 100", () => {
    expect(paginationSchema.parse({})).toEqual({ page: 1, per_page: 25 });
    expect(paginationSchema.parse({ per_page: "500" }).per_page).toBe(100);
  });

  it("refuses a page or per_page that is not a whole number of 1 or more", () => {
    for (const query of [{ page: "0" }, { page: "x" }, { page: "-3" }, { page: "1.5" }, { per_page: "abc" }, { per_page: "0" }]) {
      expect(paginationSchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it("builds the contract's meta and the offset", () => {
    expect(pageOf([1, 2], 51, { page: 2, per_page: 25 }).meta).toEqual({ current_page: 2, per_page: 25, total: 51, last_page: 3 });
    expect(pageOf([], 0, { page: 1, per_page: 25 }).meta.last_page).toBe(1);
    expect(skipTake({ page: 3, per_page: 10 })).toEqual({ skip: 20, take: 10 });
  });
});
