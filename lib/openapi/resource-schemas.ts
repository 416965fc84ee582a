// Response shapes written by hand for the OpenAPI document, where no route's
// answer schema gives them yet. Contact, ContactPage, ContactDetail, Message,
// CallLog and PageMeta are named by the routes' zod answers (.meta({ id })).
// e2e/api/openapi.test.ts compares them with real answers, key for key.

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, "null"], ...extra });
const timestamp = { type: "string", format: "date-time" };

/**
 * Every property of the object (and of the objects inside it) is always in
 * the answer: the serializer writes each, null when there is nothing. Said,
 * so the typed client gives pages fields that are there, not optional ones;
 * the response check holds every answer the API suites get to it.
 */
function whole<T extends Record<string, unknown>>(schema: T): T {
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
  const items = schema.items as Record<string, unknown> | undefined;
  return {
    ...schema,
    ...(props && { properties: Object.fromEntries(Object.entries(props).map(([name, sub]) => [name, whole(sub)])), required: Object.keys(props) }),
    ...(items && !("$ref" in items) && { items: whole(items) }),
  };
}

const CONVERSATION = whole({
  type: "object",
  properties: {
    id: { type: "integer" },
    phone: { type: "string", description: "The other party's number" },
    our_number: nullable("string", { description: "The organization's number the conversation uses" }),
    contact: { type: ["object", "null"], description: "The organization's contact with this number, if any (what the reply templates fill in)", properties: { id: { type: "integer" }, name: { type: "string" }, company: nullable("string"), email: nullable("string") } },
    status: { type: "string", enum: ["open", "closed"] },
    department_id: nullable("integer"),
    assigned_user: { type: ["object", "null"], properties: { id: { type: "integer" }, name: { type: "string" } } },
    unread_count: { type: "integer", description: "Incoming messages the caller has not read, up to 100" },
    last_message: {
      type: ["object", "null"],
      properties: { id: { type: "integer" }, body: { type: "string" }, direction: { type: "string" }, status: { type: "string" }, created_at: timestamp },
    },
    last_message_at: timestamp,
    sms_opted_out_at: nullable("string", { format: "date-time" }),
    created_at: timestamp,
  },
});

export const RESOURCE_SCHEMAS = {
  Conversation: CONVERSATION,
  ConversationPage: whole({
    type: "object",
    properties: { data: { type: "array", items: { $ref: "#/components/schemas/Conversation" } }, meta: { $ref: "#/components/schemas/PageMeta" } },
  }),
  Thread: whole({
    type: "object",
    properties: {
      conversation: { $ref: "#/components/schemas/Conversation" },
      data: { type: "array", items: { $ref: "#/components/schemas/Message" }, description: "Oldest first; the newest message is last" },
      meta: { type: "object", properties: { limit: { type: "integer" }, has_more: { type: "boolean" }, next_before: nullable("integer", { description: "Pass as `before` for the older page" }) } },
    },
  }),
  MessageTemplate: {
    type: "object",
    properties: { id: { type: "integer" }, name: { type: "string", maxLength: 100 }, body: { type: "string", maxLength: 1600 }, created_at: timestamp, updated_at: timestamp },
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
