-- Issue 46, point 3: passkeys (WebAuthn) as a second kind of second factor.
-- A passkey keeps its credential's id, public key (COSE, base64url), the
-- signature counter it last reported (a lower one means a cloned
-- authenticator) and the transports the browser named; it has no secret.
ALTER TABLE "user_factors" DROP CONSTRAINT "user_factors_kind_check";
ALTER TABLE "user_factors" ADD CONSTRAINT "user_factors_kind_check" CHECK ("kind" IN ('totp', 'passkey'));
ALTER TABLE "user_factors" ALTER COLUMN "secret_sealed" DROP NOT NULL;
ALTER TABLE "user_factors"
  ADD COLUMN "credential_id" VARCHAR(1024),
  ADD COLUMN "public_key" TEXT,
  ADD COLUMN "sign_count" BIGINT,
  ADD COLUMN "transports" VARCHAR(200);
CREATE UNIQUE INDEX "user_factors_credential_id" ON "user_factors"("credential_id");

-- The WebAuthn challenge a sign-in's passkey must sign (set when the page asks for the passkey's options).
ALTER TABLE "sign_in_challenges" ADD COLUMN "webauthn_challenge" VARCHAR(200);

-- A passkey being added on Your account: the challenge its authenticator must sign, for two minutes.
CREATE TABLE "passkey_registrations" (
  "user_id" INTEGER PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "challenge" VARCHAR(200) NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL
);
