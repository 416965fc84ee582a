-- Issue 59, point 4: an integration key is its maker's, and works only while
-- they are active and may still make keys (lib/integrations/resolve-integration-key.ts);
-- a key an admin makes as the organization's own keeps working after they leave.
-- Keys made before this are their makers' (false): a key whose maker is
-- already gone stops, which is the point.
ALTER TABLE "integration_keys" ADD COLUMN "organization_key" BOOLEAN NOT NULL DEFAULT false;

