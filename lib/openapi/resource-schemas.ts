// Response shapes of the most used resources, for the OpenAPI document.
// e2e/api/openapi.test.ts compares them with real answers, key for key.

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, "null"], ...extra });
const timestamp = { type: "string", format: "date-time" };

const PAGE_META = {
  type: "object",
  required: ["current_page", "per_page", "total", "last_page"],
  properties: {
    current_page: { type: "integer" },
    per_page: { type: "integer" },
    total: { type: "integer" },
    last_page: { type: "integer" },
    total_exact: { type: "boolean", description: "false when total is the planner's estimate (a filtered list above 10,000 matches, or expected to have 15,000 or more)" },
  },
};

const CONTACT = {
  type: "object",
  properties: {
    id: { type: "integer" },
    organization_id: { type: "integer" },
    department_id: { type: "integer" },
    created_by_user_id: nullable("integer"),
    name: { type: "string", maxLength: 255 },
    phone: { type: "string", description: "E.164", maxLength: 20 },
    email: nullable("string"),
    company: nullable("string"),
    tags: { type: "array", items: { type: "string" } },
    custom_fields: { type: "object", description: "Only the fields the caller's role may see" },
    notes: nullable("string"),
    status: { type: "string", enum: ["active", "archived"] },
    archived_at: nullable("string", { format: "date-time" }),
    opted_out: { type: "boolean" },
    opted_out_at: nullable("string", { format: "date-time", description: "When the contact opted out (opted_out true); saving it again keeps the date" }),
    last_called_at: nullable("string", { format: "date-time" }),
    last_call_outcome: nullable("string"),
    total_calls: { type: "integer" },
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const RESOURCE_SCHEMAS = {
  PageMeta: PAGE_META,
  Contact: CONTACT,
  ContactPage: {
    type: "object",
    properties: { data: { type: "array", items: { $ref: "#/components/schemas/Contact" } }, meta: { $ref: "#/components/schemas/PageMeta" } },
  },
  ContactDetail: {
    allOf: [
      { $ref: "#/components/schemas/Contact" },
      {
        type: "object",
        properties: {
          call_history: { type: "array", items: { type: "object" }, description: "Newest first" },
          call_history_total: { type: "integer" },
          call_history_meta: { $ref: "#/components/schemas/PageMeta" },
          custom_field_definitions: {
            type: "array",
            description: "The active fields the caller may see, in display order, for rendering custom_fields",
            items: { type: "object", properties: { name: { type: "string" }, label: { type: "string" }, field_type: { type: "string" }, options: { type: ["array", "null"], items: { type: "string" } }, required: { type: "boolean" } } },
          },
        },
      },
    ],
  },
  BulkCreateResult: {
    type: "object",
    properties: {
      created: { type: "integer" },
      failed: { type: "integer" },
      errors: {
        type: "array",
        items: { type: "object", properties: { index: { type: "integer" }, errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } }, duplicate_id: { type: "integer" } } },
      },
    },
  },
  ImportAccepted: { type: "object", properties: { import_id: { type: "string", format: "uuid" }, status: { type: "string" } } },
} as const;

export type ResourceName = keyof typeof RESOURCE_SCHEMAS;
