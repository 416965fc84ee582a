-- Initial schema. Kept to PostgreSQL 15 syntax (the embedded PGlite is newer).

-- Trigram matching for quick search (name, email, company, phone digits).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('super_admin', 'account_admin', 'dept_manager', 'agent');

-- CreateTable
CREATE TABLE "organizations" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "departments" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "departments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER,
    "name" VARCHAR(255) NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "password_hash" VARCHAR(255) NOT NULL,
    "role" "Role" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "name" VARCHAR(100) NOT NULL DEFAULT 'api',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contacts" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER NOT NULL,
    "created_by_user_id" INTEGER,
    "name" VARCHAR(255) NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "email" VARCHAR(255),
    "company" VARCHAR(255),
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "custom_fields" JSONB NOT NULL DEFAULT '{}',
    "notes" TEXT,
    "status" VARCHAR(20) NOT NULL DEFAULT 'active',
    "archived_at" TIMESTAMPTZ(3),
    "opted_out_at" TIMESTAMPTZ(3),
    "last_called_at" TIMESTAMPTZ(3),
    "last_call_outcome" VARCHAR(50),
    "total_calls" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    -- Search columns, computed by PostgreSQL so every writer (API, bulk insert,
    -- import) keeps them right without knowing about them.
    "search_text" TEXT GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", '') || ' ' || coalesce("phone", ''))) STORED,
    "phone_digits" TEXT GENERATED ALWAYS AS (regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g')) STORED,
    "notes_tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("notes", ''))) STORED,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "contacts_status_check" CHECK ("status" IN ('active', 'archived')),
    CONSTRAINT "contacts_custom_fields_size_check" CHECK (octet_length("custom_fields"::text) <= 65536)
);

-- CreateTable
CREATE TABLE "tags" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_field_definitions" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "label" VARCHAR(255) NOT NULL,
    "field_type" VARCHAR(20) NOT NULL,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "required" BOOLEAN NOT NULL DEFAULT false,
    "visible_to" "Role"[] DEFAULT ARRAY['super_admin', 'account_admin', 'dept_manager', 'agent']::"Role"[],
    "display_order" INTEGER NOT NULL DEFAULT 0,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "custom_field_definitions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "custom_field_definitions_type_check" CHECK ("field_type" IN ('text_short', 'text_long', 'integer', 'decimal', 'date', 'dropdown', 'checkbox'))
);

-- CreateTable
CREATE TABLE "call_logs" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER,
    "user_id" INTEGER,
    "contact_id" BIGINT,
    "campaign_id" INTEGER,
    "direction" VARCHAR(20) NOT NULL,
    "phone_number" VARCHAR(32) NOT NULL,
    "call_sid" VARCHAR(64) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "duration" INTEGER NOT NULL DEFAULT 0,
    "wait_seconds" INTEGER,
    "recording_url" TEXT,
    "notes" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "answered_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "call_logs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "call_logs_direction_check" CHECK ("direction" IN ('outbound-manual', 'outbound-campaign', 'inbound')),
    CONSTRAINT "call_logs_status_check" CHECK ("status" IN ('completed', 'failed', 'busy', 'no-answer'))
);

-- CreateTable
CREATE TABLE "queue_entries" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "call_sid" VARCHAR(64) NOT NULL,
    "queue_name" VARCHAR(64) NOT NULL,
    "from_number" VARCHAR(32) NOT NULL,
    "to_number" VARCHAR(32) NOT NULL,
    "contact_id" BIGINT,
    "status" VARCHAR(20) NOT NULL DEFAULT 'waiting',
    "accepted_by_user_id" INTEGER,
    "enqueued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMPTZ(3),
    "dequeued_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "queue_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_statuses" (
    "user_id" INTEGER NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'offline',
    "current_call_sid" VARCHAR(64),
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_statuses_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "agent_statuses_status_check" CHECK ("status" IN ('available', 'busy', 'wrap_up', 'offline'))
);

-- CreateTable
CREATE TABLE "agent_status_logs" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "agent_status_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER NOT NULL,
    "created_by_user_id" INTEGER,
    "name" VARCHAR(255) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'draft',
    "caller_id" VARCHAR(20),
    "selection" JSONB NOT NULL DEFAULT '{}',
    "exclude_dnc" BOOLEAN NOT NULL DEFAULT true,
    "dialing_mode" VARCHAR(20) NOT NULL DEFAULT 'preview',
    "pacing" JSONB NOT NULL DEFAULT '{}',
    "calling_window" JSONB NOT NULL DEFAULT '{}',
    "timezone_policy" VARCHAR(20) NOT NULL DEFAULT 'contact',
    "max_attempts" INTEGER NOT NULL DEFAULT 3,
    "retry_delay_minutes" INTEGER NOT NULL DEFAULT 60,
    "retry_outcomes" TEXT[] DEFAULT ARRAY['no-answer', 'busy']::TEXT[],
    "amd_enabled" BOOLEAN NOT NULL DEFAULT false,
    "voicemail_message" TEXT,
    "recording_enabled" BOOLEAN NOT NULL DEFAULT false,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "campaigns_status_check" CHECK ("status" IN ('draft', 'running', 'paused', 'completed', 'stopped')),
    CONSTRAINT "campaigns_dialing_mode_check" CHECK ("dialing_mode" IN ('preview', 'progressive', 'predictive'))
);

-- CreateTable
CREATE TABLE "campaign_contacts" (
    "id" BIGSERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "contact_id" BIGINT NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "state" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "exclusion_reason" VARCHAR(100),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_outcome" VARCHAR(50),
    "last_call_sid" VARCHAR(64),
    "assigned_user_id" INTEGER,
    "decision" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaign_contacts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "campaign_contacts_state_check" CHECK ("state" IN ('pending', 'dialing', 'answered', 'retry_wait', 'done', 'excluded'))
);

-- CreateTable
CREATE TABLE "import_jobs" (
    "id" UUID NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "source" VARCHAR(20) NOT NULL,
    "source_name" VARCHAR(2048),
    "status" VARCHAR(20) NOT NULL DEFAULT 'queued',
    "options" JSONB NOT NULL DEFAULT '{}',
    "totals" JSONB NOT NULL DEFAULT '{}',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "processed_rows" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "import_jobs_status_check" CHECK ("status" IN ('queued', 'validating', 'awaiting_review', 'importing', 'completed', 'failed'))
);

-- CreateTable
CREATE TABLE "saved_filters" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "filters" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "saved_filters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "organization_id" INTEGER NOT NULL,
    "key" VARCHAR(50) NOT NULL,
    "value" JSONB NOT NULL DEFAULT '{}',
    "encrypted_secrets" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("organization_id","key")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER,
    "user_id" INTEGER,
    "action" VARCHAR(100) NOT NULL,
    "subject_type" VARCHAR(50),
    "subject_id" VARCHAR(64),
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" VARCHAR(255) NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "departments_organization_id_name_key" ON "departments"("organization_id", "name");
CREATE INDEX "users_organization_id_department_id_idx" ON "users"("organization_id", "department_id");
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");
CREATE UNIQUE INDEX "contacts_organization_id_phone_key" ON "contacts"("organization_id", "phone");
CREATE INDEX "contacts_organization_id_status_created_at_idx" ON "contacts"("organization_id", "status", "created_at");
CREATE INDEX "contacts_organization_id_department_id_status_idx" ON "contacts"("organization_id", "department_id", "status");
CREATE INDEX "contacts_organization_id_last_called_at_idx" ON "contacts"("organization_id", "last_called_at");
CREATE INDEX "contacts_organization_id_email_idx" ON "contacts"("organization_id", "email");
CREATE INDEX "contacts_tags_idx" ON "contacts" USING GIN ("tags");
CREATE UNIQUE INDEX "tags_organization_id_name_key" ON "tags"("organization_id", "name");
CREATE UNIQUE INDEX "custom_field_definitions_organization_id_name_key" ON "custom_field_definitions"("organization_id", "name");
CREATE INDEX "custom_field_definitions_organization_id_display_order_idx" ON "custom_field_definitions"("organization_id", "display_order");
CREATE UNIQUE INDEX "call_logs_call_sid_key" ON "call_logs"("call_sid");
CREATE INDEX "call_logs_organization_id_created_at_idx" ON "call_logs"("organization_id", "created_at");
CREATE INDEX "call_logs_organization_id_department_id_created_at_idx" ON "call_logs"("organization_id", "department_id", "created_at");
CREATE INDEX "call_logs_user_id_created_at_idx" ON "call_logs"("user_id", "created_at");
CREATE INDEX "call_logs_contact_id_created_at_idx" ON "call_logs"("contact_id", "created_at");
CREATE INDEX "call_logs_campaign_id_created_at_idx" ON "call_logs"("campaign_id", "created_at");
CREATE UNIQUE INDEX "queue_entries_call_sid_key" ON "queue_entries"("call_sid");
CREATE INDEX "queue_entries_organization_id_status_enqueued_at_idx" ON "queue_entries"("organization_id", "status", "enqueued_at");
CREATE INDEX "agent_statuses_organization_id_status_idx" ON "agent_statuses"("organization_id", "status");
CREATE INDEX "agent_status_logs_organization_id_started_at_idx" ON "agent_status_logs"("organization_id", "started_at");
CREATE INDEX "agent_status_logs_user_id_started_at_idx" ON "agent_status_logs"("user_id", "started_at");
CREATE INDEX "campaigns_organization_id_department_id_status_idx" ON "campaigns"("organization_id", "department_id", "status");
CREATE UNIQUE INDEX "campaign_contacts_campaign_id_contact_id_key" ON "campaign_contacts"("campaign_id", "contact_id");
CREATE INDEX "campaign_contacts_campaign_id_state_next_attempt_at_idx" ON "campaign_contacts"("campaign_id", "state", "next_attempt_at");
CREATE INDEX "campaign_contacts_contact_id_idx" ON "campaign_contacts"("contact_id");
CREATE INDEX "import_jobs_organization_id_created_at_idx" ON "import_jobs"("organization_id", "created_at");
CREATE INDEX "import_jobs_user_id_created_at_idx" ON "import_jobs"("user_id", "created_at");
CREATE UNIQUE INDEX "saved_filters_user_id_name_key" ON "saved_filters"("user_id", "name");
CREATE INDEX "audit_logs_organization_id_created_at_idx" ON "audit_logs"("organization_id", "created_at");
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits"("reset_at");

-- Search indexes (hand-written: Prisma cannot express them).
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING GIN ("search_text" gin_trgm_ops);
CREATE INDEX "contacts_phone_digits_trgm_idx" ON "contacts" USING GIN ("phone_digits" gin_trgm_ops);
CREATE INDEX "contacts_notes_tsv_idx" ON "contacts" USING GIN ("notes_tsv");

-- AddForeignKey
ALTER TABLE "departments" ADD CONSTRAINT "departments_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "users" ADD CONSTRAINT "users_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tags" ADD CONSTRAINT "tags_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_accepted_by_user_id_fkey" FOREIGN KEY ("accepted_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "agent_statuses" ADD CONSTRAINT "agent_statuses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agent_statuses" ADD CONSTRAINT "agent_statuses_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agent_status_logs" ADD CONSTRAINT "agent_status_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agent_status_logs" ADD CONSTRAINT "agent_status_logs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "settings" ADD CONSTRAINT "settings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
