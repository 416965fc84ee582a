-- Import pipeline storage. The uploaded file lives in the database in chunks,
-- so whichever server process runs the job can read it (and a restart loses
-- nothing); classified rows are staged so the write phase can resume where a
-- crash stopped it.
ALTER TABLE "import_jobs" ADD COLUMN "file_bytes" BIGINT NOT NULL DEFAULT 0;

CREATE TABLE "import_chunks" (
    "import_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "import_chunks_pkey" PRIMARY KEY ("import_id", "seq")
);

CREATE TABLE "import_rows" (
    "import_id" UUID NOT NULL,
    "row_number" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "contact" JSONB,
    "errors" JSONB,
    "duplicate_id" BIGINT,

    CONSTRAINT "import_rows_pkey" PRIMARY KEY ("import_id", "row_number"),
    CONSTRAINT "import_rows_status_check" CHECK ("status" IN ('valid', 'duplicate', 'invalid'))
);

CREATE INDEX "import_rows_import_id_status_idx" ON "import_rows"("import_id", "status");

ALTER TABLE "import_chunks" ADD CONSTRAINT "import_chunks_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "import_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "import_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
