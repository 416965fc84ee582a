-- Text messages (issue 19). A conversation is one outside phone number an
-- organization texts with (linked to the contact of that number when there is
-- one); its messages go both ways. Reads are per user, opt-outs per number
-- (a number that texted STOP is refused whether or not it is a contact). A
-- conversation's department is its contact's, else the organization's first;
-- with none (an organization without departments) only admins see it.

-- CreateTable
CREATE TABLE "conversations" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER,
    "contact_id" BIGINT,
    "phone" VARCHAR(20) NOT NULL,
    "our_number" VARCHAR(20),
    "status" VARCHAR(10) NOT NULL DEFAULT 'open',
    "assigned_user_id" INTEGER,
    "last_message_id" BIGINT,
    "last_message_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "conversations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "conversations_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "conversations_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "conversations_assigned_user_id_fkey" FOREIGN KEY ("assigned_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "conversations_status_check" CHECK ("status" IN ('open', 'closed'))
);

-- CreateIndex
CREATE UNIQUE INDEX "conversations_organization_id_phone_key" ON "conversations"("organization_id", "phone");
-- The list, newest activity first: the organization's, a department's, an agent's own.
CREATE INDEX "conversations_organization_id_last_message_at_id_idx" ON "conversations"("organization_id", "last_message_at" DESC, "id" DESC);
CREATE INDEX "conversations_organization_id_department_id_last_message_a_idx" ON "conversations"("organization_id", "department_id", "last_message_at" DESC, "id" DESC);
CREATE INDEX "conversations_assigned_user_id_last_message_at_idx" ON "conversations"("assigned_user_id", "last_message_at" DESC);
CREATE INDEX "conversations_contact_id_idx" ON "conversations"("contact_id");

-- CreateTable
CREATE TABLE "messages" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "conversation_id" BIGINT NOT NULL,
    "direction" VARCHAR(10) NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "media" JSONB NOT NULL DEFAULT '[]',
    "status" VARCHAR(20) NOT NULL,
    "error_code" VARCHAR(20),
    "error_message" TEXT,
    "provider_sid" VARCHAR(64),
    "user_id" INTEGER,
    "from_number" VARCHAR(20) NOT NULL,
    "to_number" VARCHAR(20) NOT NULL,
    "encoding" VARCHAR(10) NOT NULL,
    "segments" INTEGER NOT NULL DEFAULT 1,
    "keyword" VARCHAR(10),
    "origin" VARCHAR(10) NOT NULL DEFAULT 'agent',
    "send_after" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "messages_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "messages_direction_check" CHECK ("direction" IN ('inbound', 'outbound'))
);

-- CreateIndex
CREATE UNIQUE INDEX "messages_provider_sid_key" ON "messages"("provider_sid");
CREATE INDEX "messages_conversation_id_id_idx" ON "messages"("conversation_id", "id");
CREATE INDEX "messages_organization_id_created_at_idx" ON "messages"("organization_id", "created_at");
-- Held campaign messages waiting for the end of quiet hours.
CREATE INDEX "messages_held_idx" ON "messages"("send_after") WHERE "status" = 'held';

-- CreateTable
CREATE TABLE "conversation_reads" (
    "conversation_id" BIGINT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "last_read_message_id" BIGINT NOT NULL,

    CONSTRAINT "conversation_reads_pkey" PRIMARY KEY ("conversation_id", "user_id"),
    CONSTRAINT "conversation_reads_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "conversation_reads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable: a number's current SMS consent, with the message that set it.
CREATE TABLE "sms_opt_outs" (
    "organization_id" INTEGER NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "opted_out" BOOLEAN NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "message_id" BIGINT,
    "keyword" VARCHAR(20) NOT NULL,

    CONSTRAINT "sms_opt_outs_pkey" PRIMARY KEY ("organization_id", "phone"),
    CONSTRAINT "sms_opt_outs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "sms_opt_outs_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "message_templates" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "body" TEXT NOT NULL,
    "created_by_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_templates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "message_templates_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "message_templates_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "message_templates_organization_id_name_key" ON "message_templates"("organization_id", "name");
