-- Issue 46, points 1 and 2: single sign-on, one connection per organization,
-- through OpenID Connect or SAML 2.0.
--
-- The OpenID client secret is sealed with ENCRYPTION_KEY (it is sent to the
-- provider, so it cannot be hashed) and never answered. "SSO only" refuses
-- password sign-in to the organization's users except the break-glass admin.
CREATE TABLE "sso_connections" (
  "id" SERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL UNIQUE REFERENCES "organizations"("id") ON DELETE CASCADE,
  "protocol" VARCHAR(10) NOT NULL CHECK ("protocol" IN ('oidc', 'saml')),
  "enabled" BOOLEAN NOT NULL DEFAULT true,
  "oidc_issuer" VARCHAR(2048),
  "oidc_client_id" VARCHAR(255),
  "oidc_secret_sealed" TEXT,
  "saml_entity_id" VARCHAR(2048),
  "saml_sso_url" VARCHAR(2048),
  "saml_certificate" TEXT,
  "saml_metadata_url" VARCHAR(2048),
  "sso_only" BOOLEAN NOT NULL DEFAULT false,
  "create_users" BOOLEAN NOT NULL DEFAULT false,
  "new_user_department_id" INTEGER REFERENCES "departments"("id") ON DELETE SET NULL,
  "break_glass_user_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- The email domains a connection covers. A domain belongs to one connection at
-- most, so an address always leads to one provider.
CREATE TABLE "sso_domains" (
  "domain" VARCHAR(253) PRIMARY KEY,
  "connection_id" INTEGER NOT NULL REFERENCES "sso_connections"("id") ON DELETE CASCADE
);
CREATE INDEX "sso_domains_connection_id_idx" ON "sso_domains"("connection_id");

-- A single sign-on in flight. The state (or SAML's request id) is its key,
-- kept as SHA-256; the browser that started it holds the state in a cookie, and
-- only that browser may spend the ticket the provider's answer earns (no
-- signing a victim into an attacker's account). The provider's answer is
-- accepted once: the row is marked answered in the statement that reads it.
CREATE TABLE "sso_sign_ins" (
  "id" SERIAL PRIMARY KEY,
  "connection_id" INTEGER NOT NULL REFERENCES "sso_connections"("id") ON DELETE CASCADE,
  "state_hash" CHAR(64) NOT NULL UNIQUE,
  "nonce" VARCHAR(64),
  "code_verifier" VARCHAR(128),
  "saml_request_id" VARCHAR(128),
  "answered_at" TIMESTAMPTZ(3),
  "user_id" INTEGER REFERENCES "users"("id") ON DELETE CASCADE,
  "ticket_hash" CHAR(64) UNIQUE,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "sso_sign_ins_expires_at_idx" ON "sso_sign_ins"("expires_at");

-- The provider's stable id for a user (OpenID's sub, SAML's NameID), bound at
-- their first single sign-on: a later answer for the same email with another
-- subject is refused (an address reassigned at the provider is not the same person).
ALTER TABLE "users" ADD COLUMN "sso_subject" VARCHAR(255);
CREATE UNIQUE INDEX "users_organization_id_sso_subject_key" ON "users"("organization_id", "sso_subject");
