-- Issue 59, point 3: changing a second factor needs the current one. A
-- session proves its user with a factor (a code, a passkey, a recovery code;
-- the password while they have none) and the proof counts for five minutes,
-- on that session only. A passkey's proof answers a challenge kept here.
ALTER TABLE "api_tokens" ADD COLUMN "factor_proved_at" TIMESTAMPTZ(3);
ALTER TABLE "api_tokens" ADD COLUMN "proof_challenge" VARCHAR(255);
ALTER TABLE "api_tokens" ADD COLUMN "proof_challenge_expires_at" TIMESTAMPTZ(3);
