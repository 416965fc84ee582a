-- The contact's timeline (lib/contacts/contact-timeline.ts) reads each source
-- by the contact: the import that created a contact, the import rows that
-- matched it as a duplicate, and the merges that kept it.
ALTER TABLE "contacts" ADD COLUMN "import_id" UUID;

CREATE INDEX "import_rows_duplicate_id_idx" ON "import_rows"("duplicate_id") WHERE "duplicate_id" IS NOT NULL;
CREATE INDEX "contact_merges_primary_id_idx" ON "contact_merges"("primary_id");
