import { describe, expect, it } from "vitest";
import { queryObject } from "./query-object";

describe("queryObject", () => {
  it("keeps single parameters as strings", () => {
    expect(queryObject(new URLSearchParams("q=ada&page=2"))).toEqual({ q: "ada", page: "2" });
  });
  it("collects a repeated parameter, and the [] list form, into arrays", () => {
    expect(queryObject(new URLSearchParams("tags=a&tags=b&x=1"))).toEqual({ tags: ["a", "b"], x: "1" });
    expect(queryObject(new URLSearchParams("tags[]=a"))).toEqual({ tags: ["a"] });
    expect(queryObject(new URLSearchParams("tags[]=a&tags[]=b&tags=c"))).toEqual({ tags: ["a", "b", "c"] });
  });
});
