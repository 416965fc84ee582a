-- Issue 46, point 4: SCIM 2.0 provisioning from a company's directory.
--
-- The directory's own id for a user or a group (SCIM's externalId), unique in
-- an organization: clients find what they provisioned by it. A user the
-- directory deletes stays (their calls and contacts point at them) but is
-- deactivated and gone for SCIM from then on (RFC 7644 §3.6: 404 afterwards).
ALTER TABLE "users" ADD COLUMN "scim_external_id" VARCHAR(255);
ALTER TABLE "users" ADD COLUMN "scim_deleted_at" TIMESTAMPTZ(3);
CREATE UNIQUE INDEX "users_organization_id_scim_external_id_key" ON "users"("organization_id", "scim_external_id");
ALTER TABLE "departments" ADD COLUMN "scim_external_id" VARCHAR(255);
CREATE UNIQUE INDEX "departments_organization_id_scim_external_id_key" ON "departments"("organization_id", "scim_external_id");
