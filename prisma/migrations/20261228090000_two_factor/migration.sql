-- Issue 46, point 3: two-factor authentication.
--
-- A user's second factors. An authenticator app (TOTP) keeps its shared
-- secret sealed with ENCRYPTION_KEY (the server must read it to check a code,
-- so it cannot be hashed) and the last time step it accepted, so a code is
-- good once. A factor counts once confirmed by a first code.
CREATE TABLE "user_factors" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" VARCHAR(10) NOT NULL CHECK ("kind" IN ('totp')),
  "name" VARCHAR(100) NOT NULL,
  "secret_sealed" TEXT NOT NULL,
  "last_time_step" BIGINT,
  "confirmed_at" TIMESTAMPTZ(3),
  "last_used_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- One authenticator app per user: setting one up again replaces it.
CREATE UNIQUE INDEX "user_factors_one_totp" ON "user_factors"("user_id") WHERE "kind" = 'totp';

-- Recovery codes, shown once and kept as SHA-256 (each holds 50 random bits,
-- and every try counts against the sign-in limits).
CREATE TABLE "recovery_codes" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_hash" CHAR(64) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "recovery_codes_user_id_idx" ON "recovery_codes"("user_id");

-- A sign-in between its password and its second factor: the client holds the
-- challenge's secret, the database its hash. It finishes only the kind of
-- sign-in that started it (a browser's or an API login), within five minutes
-- and five codes.
CREATE TABLE "sign_in_challenges" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "secret_hash" CHAR(64) NOT NULL UNIQUE,
  "kind" VARCHAR(10) NOT NULL CHECK ("kind" IN ('web', 'api')),
  "user_agent" VARCHAR(300),
  "address" VARCHAR(64),
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "verified_at" TIMESTAMPTZ(3),
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "sign_in_challenges_user_id_idx" ON "sign_in_challenges"("user_id");
