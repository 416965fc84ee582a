-- Issue 22: wrap-up dispositions. Each organization keeps its list of codes
-- ("Sale", "Callback requested", "Wrong number"…), each a success or not;
-- the agent picks one at wrap-up and the call log keeps it. A code in use is
-- archived, never deleted, so the logs that name it keep their word.
CREATE TABLE "dispositions" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "is_success" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dispositions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "dispositions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "dispositions_organization_id_name_key" ON "dispositions"("organization_id", "name");

ALTER TABLE "call_logs" ADD COLUMN "disposition_id" INTEGER;
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_disposition_id_fkey" FOREIGN KEY ("disposition_id") REFERENCES "dispositions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
