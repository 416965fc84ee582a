-- AlterTable: managers read the audit entries of their own department
-- (merges of its contacts, their exports); organization-wide entries keep a
-- null department and stay with the account admins.
ALTER TABLE "audit_logs" ADD COLUMN "department_id" INTEGER;

-- CreateIndex
CREATE INDEX "audit_logs_organization_id_department_id_created_at_idx" ON "audit_logs"("organization_id", "department_id", "created_at");

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
