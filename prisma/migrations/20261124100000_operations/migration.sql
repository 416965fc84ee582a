-- Long operations on many contacts (renaming or merging a tag, erasing a
-- deleted custom field, a bulk action over a filter) run as jobs in batches;
-- the request answers 202 with the operation, which pages follow to the end.
CREATE TABLE "operations" (
    "id" UUID NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER,
    "user_id" INTEGER NOT NULL,
    "kind" VARCHAR(40) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'queued',
    "input" JSONB NOT NULL DEFAULT '{}',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "changed" INTEGER NOT NULL DEFAULT 0,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "cursor" BIGINT NOT NULL DEFAULT 0,
    "result" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "operations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "operations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "operations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "operations_organization_id_created_at_idx" ON "operations"("organization_id", "created_at");
CREATE INDEX "operations_user_id_created_at_idx" ON "operations"("user_id", "created_at");
