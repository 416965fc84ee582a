// Response shapes of the most used resources, for the OpenAPI document.
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

const MESSAGE = whole({
  type: "object",
  properties: {
    id: { type: "integer" },
    conversation_id: { type: "integer" },
    direction: { type: "string", enum: ["inbound", "outbound"] },
    body: { type: "string", maxLength: 1600 },
    media: { type: "array", items: { type: "object", properties: { url: { type: "string", format: "uri" }, content_type: nullable("string") } } },
    status: {
      type: "string",
      enum: ["received", "held", "queued", "accepted", "scheduled", "sending", "sent", "delivered", "undelivered", "failed", "read", "canceled"],
      description: "Incoming: received. Outgoing: held (a campaign text waiting for quiet hours to end), then the provider's statuses, which only move forward",
    },
    error_code: nullable("string", { description: "The provider's error code when it refused or could not deliver" }),
    error_message: nullable("string"),
    from: { type: "string" },
    to: { type: "string" },
    encoding: { type: "string", enum: ["GSM-7", "UCS-2"] },
    segments: { type: "integer", description: "Billed segments, counted as the provider does" },
    origin: { type: "string", enum: ["provider", "agent", "campaign", "auto"], description: "provider: received; agent: a person sent it; campaign: sent for a campaign; auto: the answer to STOP, START or HELP" },
    keyword: nullable("string", { enum: ["opt_out", "opt_in", "help", null] }),
    send_after: nullable("string", { format: "date-time", description: "When a held message goes out" }),
    user: { type: ["object", "null"], properties: { id: { type: "integer" }, name: { type: "string" } } },
    created_at: timestamp,
    updated_at: timestamp,
  },
});

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
  Message: MESSAGE,
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
          recent_messages: { type: "array", items: { $ref: "#/components/schemas/Message" }, description: "The latest 20 text messages with the contact's number, newest first" },
          sms_opted_out_at: nullable("string", { format: "date-time", description: "When the number texted STOP (or another opt-out word); null when it may be texted" }),
          sms_opt_out_message_id: nullable("integer", { description: "The message that opted the number out: the evidence" }),
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
