-- Issue 24: API keys for a system, not a person. Only SHA-256 of the secret
-- is kept; scopes name read or write per resource family.
CREATE TABLE "integration_keys" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "key_hash" CHAR(64) NOT NULL,
    "scopes" JSONB NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_by_user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "integration_keys_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "integration_keys_key_hash_key" ON "integration_keys"("key_hash");
CREATE INDEX "integration_keys_organization_id_idx" ON "integration_keys"("organization_id");
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
