import "server-only";
import { GROUP_SCHEMA, listResponse, scimBase, USER_SCHEMA } from "./scim-resources";
import { ENTERPRISE_USER_SCHEMA } from "./directory-profile";

// What this service provider supports (RFC 7643 §5-7, RFC 7644 §4): clients
// read it before provisioning. Only what works is claimed: PATCH yes, bulk,
// sort, etags and password change through SCIM no; filters: equality.

const SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

export function serviceProviderConfig() {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    documentationUri: "https://github.com/contact-center/contact-center#provisioning-from-your-directory-scim",
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: "oauthbearertoken", name: "Integration key", description: "An integration key with the scim scope, sent as Authorization: Bearer cck_…", primary: true }],
    meta: { resourceType: "ServiceProviderConfig", location: `${scimBase()}/ServiceProviderConfig` },
  };
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: "User",
    description: "A person who signs in: userName is their email address",
    attributes: [
      attribute("userName", { required: true, uniqueness: "server", description: "The sign-in email address" }),
      attribute("name", { type: "complex", subAttributes: [attribute("formatted"), attribute("givenName"), attribute("familyName")] }),
      attribute("displayName"),
      attribute("emails", { type: "complex", multiValued: true, subAttributes: [attribute("value"), attribute("type"), attribute("primary", { type: "boolean" })] }),
      attribute("active", { type: "boolean", description: "false signs the person out everywhere at once" }),
      attribute("password", { mutability: "writeOnly", returned: "never" }),
      attribute("groups", {
        type: "complex",
        multiValued: true,
        mutability: "readOnly",
        description: "The department the person is in",
        subAttributes: [attribute("value", { mutability: "readOnly" }), attribute("display", { mutability: "readOnly" })],
      }),
    ],
  },
  {
    id: ENTERPRISE_USER_SCHEMA,
    name: "EnterpriseUser",
    description: "Kept as sent and given back; department names the person's department when the connection follows it",
    attributes: [
      attribute("employeeNumber"),
      attribute("costCenter"),
      attribute("organization"),
      attribute("division"),
      attribute("department"),
      attribute("manager", { type: "complex", subAttributes: [attribute("value"), attribute("displayName", { mutability: "readOnly" })] }),
    ],
  },
  {
    id: GROUP_SCHEMA,
    name: "Group",
    description: "A department: its members are its agents and managers, each in one department",
    attributes: [
      attribute("displayName", { required: true, uniqueness: "server" }),
      attribute("members", { type: "complex", multiValued: true, subAttributes: [attribute("value", { mutability: "immutable" }), attribute("display", { mutability: "readOnly" })] }),
    ],
  },
].map((schema) => ({ schemas: [SCHEMA], ...schema, meta: { resourceType: "Schema", location: `${scimBase()}/Schemas/${schema.id}` } }));

export const scimSchemas = () => listResponse(SCHEMAS, SCHEMAS.length, 1);
export const scimSchema = (id: string) => SCHEMAS.find((schema) => schema.id === id) ?? null;

export function resourceTypes() {
  const types = [
    { id: "User", name: "User", endpoint: "/Users", schema: USER_SCHEMA, schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }] },
    { id: "Group", name: "Group", endpoint: "/Groups", schema: GROUP_SCHEMA },
  ].map((type) => ({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"], ...type, meta: { resourceType: "ResourceType", location: `${scimBase()}/ResourceTypes/${type.id}` } }));
  return listResponse(types, types.length, 1);
}
