-- Live updates (issue 20): every event pushed to the browsers is a row here,
-- announced with NOTIFY app_events '<id>' so that every server process (two
-- servers on one database, or the embedded one) reads it and hands it to its
-- own subscribers. Rows are kept ten minutes: a client that reconnects with
-- Last-Event-ID within that time misses nothing. Who may receive an event is
-- decided from the record fields kept with it (lib/auth/scope.ts), the same
-- way the API decides who may read the record.

-- CreateTable
CREATE TABLE "events" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER,
    "department_id" INTEGER,
    "user_id" INTEGER,
    "assigned_user_id" INTEGER,
    "visibility" VARCHAR(20) NOT NULL,
    "type" VARCHAR(50) NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "events_created_at_idx" ON "events"("created_at");
