import { describe, expect, it } from "vitest";
import { parseFilter } from "./scim-filter";
import { ScimFailure } from "./scim-failure";

// RFC 7644 §3.4.2.2's filter examples, as far as provisioning clients use them.
const USER = ["userName", "externalId", "emails.value"];

describe("parseFilter", () => {
  it("reads equality on the attributes clients look users up by, in any case", () => {
    expect(parseFilter('userName eq "bjensen"', USER)).toEqual({ attribute: "userName", value: "bjensen" });
    expect(parseFilter('username Eq "john"', USER)).toEqual({ attribute: "userName", value: "john" });
    expect(parseFilter('externalId eq "00ujl29u0le5T6Aj10h7"', USER)).toEqual({ attribute: "externalId", value: "00ujl29u0le5T6Aj10h7" });
    expect(parseFilter('userName eq "o\\"malley"', USER)).toEqual({ attribute: "userName", value: 'o"malley' });
    expect(parseFilter(undefined, USER)).toBeNull();
  });

  it("refuses other operators and attributes with invalidFilter", () => {
    for (const filter of ['name.familyName co "O\'Malley"', 'userName sw "J"', "title pr", 'userName eq "a" and active eq true', 'nickName eq "Babs"']) {
      expect(() => parseFilter(filter, USER), filter).toThrow(ScimFailure);
      try {
        parseFilter(filter, USER);
      } catch (error) {
        expect((error as ScimFailure).scimType).toBe("invalidFilter");
      }
    }
  });

  it("refuses a value no attribute can hold (a NUL, half a surrogate pair) with invalidFilter, however it is spelled", () => {
    for (const filter of ['userName eq "a\u0000b"', 'userName eq "a\\u0000b"', 'externalId eq "\\ud800"']) {
      expect(() => parseFilter(filter, USER), filter).toThrow(ScimFailure);
      try {
        parseFilter(filter, USER);
      } catch (error) {
        expect((error as ScimFailure).scimType).toBe("invalidFilter");
        expect((error as ScimFailure).status).toBe(400);
      }
    }
  });
});
