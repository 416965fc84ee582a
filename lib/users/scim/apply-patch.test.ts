import { describe, expect, it } from "vitest";
import { applyPatch } from "./apply-patch";
import { ScimFailure } from "./scim-failure";

// The PATCH examples of RFC 7644 §3.5.2, on the RFC's own resources.
const BJENSEN = "2819c223-7f76-453a-919d-413861904646";
const JSMITH = "902c246b-6245-4190-8e05-00816be7344a";
const group = () => ({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], id: "acbf3ae7", displayName: "Tour Guides", members: [{ value: BJENSEN, display: "Babs Jensen" }] });
const user = () => ({
  userName: "bjensen",
  name: { givenName: "Barbara", familyName: "Jensen" },
  emails: [{ value: "bjensen@example.com", type: "work", primary: true }],
  addresses: [{ type: "work", streetAddress: "100 Universal City Plaza" }],
});
const MULTI = ["members", "emails", "addresses"];

describe("applyPatch (RFC 7644 §3.5.2)", () => {
  it("adds members to a group without repeating one already in it (§3.5.2.1)", () => {
    const patched = applyPatch(
      group(),
      [{ op: "add", path: "members", value: [{ display: "James Smith", $ref: `https://example.com/v2/Users/${JSMITH}`, value: JSMITH }, { value: BJENSEN }] }],
      MULTI,
    );
    expect((patched.members as { value: string }[]).map((m) => m.value)).toEqual([BJENSEN, JSMITH]);
  });

  it("adds attributes without a path: a multi-valued one gains items, a single one is set (§3.5.2.1)", () => {
    const patched = applyPatch(user(), [{ op: "add", value: { emails: [{ value: "babs@jensen.org", type: "home" }], nickname: "Babs" } }], MULTI);
    expect(patched.emails).toHaveLength(2);
    expect(patched.nickname).toBe("Babs");
  });

  it("removes one member by a value filter, all members, and members named in a value list (§3.5.2.2)", () => {
    const two = applyPatch(group(), [{ op: "add", path: "members", value: [{ value: JSMITH }] }], MULTI);
    expect(applyPatch(two, [{ op: "remove", path: `members[value eq "${BJENSEN}"]` }], MULTI).members).toEqual([{ value: JSMITH }]);
    expect(applyPatch(two, [{ op: "remove", path: "members" }], MULTI).members).toBeUndefined();
    expect(applyPatch(two, [{ op: "Remove", path: "members", value: [{ value: JSMITH }] }], MULTI).members).toEqual([{ value: BJENSEN, display: "Babs Jensen" }]);
  });

  it("replaces all members, a filtered item, a sub-attribute of a filtered item, and attributes without a path (§3.5.2.3)", () => {
    expect(applyPatch(group(), [{ op: "replace", path: "members", value: [{ value: JSMITH }] }], MULTI).members).toEqual([{ value: JSMITH }]);
    const street = applyPatch(user(), [{ op: "replace", path: 'addresses[type eq "work"].streetAddress', value: "1010 Broadway Ave" }], MULTI);
    expect(street.addresses).toEqual([{ type: "work", streetAddress: "1010 Broadway Ave" }]);
    const email = applyPatch(user(), [{ op: "replace", path: 'emails[type eq "work"].value', value: "barbara@example.com" }], MULTI);
    expect((email.emails as { value: string }[])[0].value).toBe("barbara@example.com");
    const whole = applyPatch(user(), [{ op: "replace", value: { userName: "babs", "name.givenName": "Babs" } }], MULTI);
    expect(whole).toMatchObject({ userName: "babs", name: { givenName: "Babs", familyName: "Jensen" } });
  });

  it("matches attribute and op names in any case (Entra ID's Replace and Active)", () => {
    expect(applyPatch({ active: true }, [{ op: "Replace", path: "Active", value: "False" }], MULTI).active).toBe("False");
    expect(applyPatch(user(), [{ op: "replace", path: "NAME.FAMILYNAME", value: "Jensen-Smith" }], MULTI).name).toEqual({ givenName: "Barbara", familyName: "Jensen-Smith" });
  });

  it("refuses what it cannot apply, with the protocol's error types", () => {
    const fails = (operations: Parameters<typeof applyPatch>[1]) => {
      try {
        applyPatch(user(), operations, MULTI);
      } catch (error) {
        return (error as ScimFailure).scimType;
      }
      return null;
    };
    expect(fails([{ op: "move", path: "userName" }])).toBe("invalidSyntax");
    expect(fails([{ op: "remove" }])).toBe("noTarget");
    expect(fails([{ op: "replace", path: 'emails[type sw "w"]' }])).toBe("invalidPath");
    expect(fails([{ op: "replace", path: 'emails[type eq "home"]', value: {} }])).toBe("noTarget");
  });

  const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

  it("reads a path that names its schema: the core's is the resource, an extension's its object, another schema's is ignored (§3.10)", () => {
    const patched = applyPatch(
      user(),
      [
        { op: "Add", path: `${ENTERPRISE}:department`, value: "Tour Operations" },
        { op: "replace", path: "urn:ietf:params:scim:schemas:core:2.0:User:name.givenName", value: "Babs" },
        { op: "add", path: "urn:example:scim:schemas:extension:custom:2.0:User:badge", value: "42" },
        { op: "add", value: { [ENTERPRISE]: { employeeNumber: "701984" } } },
      ],
      MULTI,
      { extensions: [ENTERPRISE] },
    );
    expect(patched[ENTERPRISE]).toEqual({ department: "Tour Operations", employeeNumber: "701984" });
    expect(patched.name).toEqual({ givenName: "Babs", familyName: "Jensen" });
    expect(JSON.stringify(patched)).not.toContain("badge");
  });

  it("replaces a complex attribute's sub-attributes, leaving the others (§3.5.2.3)", () => {
    expect(applyPatch(user(), [{ op: "replace", value: { name: { givenName: "Babs" } } }], MULTI).name).toEqual({ givenName: "Babs", familyName: "Jensen" });
    expect(applyPatch(user(), [{ op: "replace", path: "name", value: { familyName: "Smith" } }], MULTI).name).toEqual({ givenName: "Barbara", familyName: "Smith" });
  });

  it("refuses a change to a read-only attribute (mutability), and accepts one that leaves it as it is", () => {
    const resource = { ...user(), id: "2819c223", meta: { created: "2011-08-01T18:29:49.793Z" } };
    const readOnly = { readOnly: ["id", "meta"] };
    for (const operation of [
      { op: "replace", path: "id", value: "1" },
      { op: "replace", path: "meta.created", value: "2020-01-01T00:00:00Z" },
      { op: "remove", path: "meta" },
    ]) {
      expect(() => applyPatch(resource, [operation], MULTI, readOnly)).toThrow(expect.objectContaining({ scimType: "mutability" }));
    }
    expect(applyPatch(resource, [{ op: "replace", value: { id: "2819c223", userName: "babs" } }], MULTI, readOnly).userName).toBe("babs");
  });
});
