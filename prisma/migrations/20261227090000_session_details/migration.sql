-- Issue 46, point 5: sessions you can see. A token says what it was issued
-- for (a web sign-in or an API login), from which browser and address, so its
-- user can tell their sessions apart and end the one they do not recognise.
-- Tokens issued before this have no device and count as API logins.
ALTER TABLE "api_tokens"
  ADD COLUMN "kind" VARCHAR(10) NOT NULL DEFAULT 'api' CHECK ("kind" IN ('web', 'api')),
  ADD COLUMN "user_agent" VARCHAR(300),
  ADD COLUMN "address" VARCHAR(64);
