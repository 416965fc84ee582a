-- CreateTable: which server process is running which background job, with a
-- heartbeat every few seconds. A job whose process died (kill -9, a crash, a
-- lost machine) stops beating and is handed back to the queue by any other
-- live process within about twenty seconds, instead of waiting out pg-boss's expiry.
CREATE TABLE "job_leases" (
    "job_id" UUID NOT NULL,
    "queue" VARCHAR(100) NOT NULL,
    "worker_id" UUID NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_leases_pkey" PRIMARY KEY ("job_id")
);

-- CreateIndex
CREATE INDEX "job_leases_heartbeat_at_idx" ON "job_leases"("heartbeat_at");
