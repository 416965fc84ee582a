-- CreateTable: every merge keeps what it removed and changed, so it can be
-- undone for 30 days (lib/contacts/undo-merge.ts): the removed contacts' full
-- rows, the primary's row before the merge, and the call logs, queue entries
-- and campaign contacts that pointed at the removed contacts.
CREATE TABLE "contact_merges" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER,
    "user_id" INTEGER,
    "primary_id" BIGINT NOT NULL,
    "mode" VARCHAR(20) NOT NULL DEFAULT 'manual',
    "snapshot" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMPTZ(3),
    "undone_by_user_id" INTEGER,

    CONSTRAINT "contact_merges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "contact_merges_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "contact_merges_organization_id_created_at_idx" ON "contact_merges"("organization_id", "created_at");

-- CreateTable: pairs a person said are not the same contact ("Not a duplicate"):
-- detection and automatic merging leave them apart for good.
CREATE TABLE "duplicate_dismissals" (
    "organization_id" INTEGER NOT NULL,
    "contact_a" BIGINT NOT NULL,
    "contact_b" BIGINT NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "duplicate_dismissals_pkey" PRIMARY KEY ("organization_id", "contact_a", "contact_b"),
    CONSTRAINT "duplicate_dismissals_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "duplicate_dismissals_ordered" CHECK ("contact_a" < "contact_b")
);
