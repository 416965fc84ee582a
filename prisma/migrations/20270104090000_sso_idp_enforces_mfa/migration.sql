-- Issue 59, point 1: a second factor the user has set up is asked after a
-- single sign-on too, unless the organization says its identity provider
-- enforces multi-factor itself (off by default; changed only by an admin, in
-- the audit log with the rest of the connection's settings).
ALTER TABLE "sso_connections" ADD COLUMN "idp_enforces_mfa" BOOLEAN NOT NULL DEFAULT false;
