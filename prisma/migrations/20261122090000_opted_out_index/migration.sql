-- CreateIndex: the list of contacts who opted out (opted_out=true), newest
-- first, without walking every contact of the organization to find the few
-- that did. Partial, so it holds only those contacts. Written by hand:
-- Prisma's schema language cannot express a partial index.
CREATE INDEX "contacts_organization_id_opted_out_created_idx" ON "contacts" ("organization_id", "created_at" DESC, "id" DESC) WHERE "opted_out_at" IS NOT NULL;
