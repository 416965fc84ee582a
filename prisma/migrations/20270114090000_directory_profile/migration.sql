-- What a directory says of a person beyond what the service acts on (issue 63):
-- SCIM's name.givenName and name.familyName and the enterprise extension's
-- attributes, given back as they were sent, so a directory that compares what
-- it sent with what it reads sees no drift and stops re-sending updates.
ALTER TABLE "users" ADD COLUMN "directory_profile" JSONB NOT NULL DEFAULT '{}';

-- A connection's choice: the directory's department attribute puts a person in
-- the department of that name, when one exists (off: group membership alone does).
ALTER TABLE "sso_connections" ADD COLUMN "directory_departments" BOOLEAN NOT NULL DEFAULT false;
