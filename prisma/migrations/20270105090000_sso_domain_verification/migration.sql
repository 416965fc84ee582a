-- Issue 59, point 2: an SSO domain counts only once it is proved. Until now
-- the first organization to type a domain held it: the real owner got 409
-- setting up its own single sign-on, and the claimant's identity provider
-- could create users with the owner's addresses.
--
-- A claim is now added pending, with a random token (128 bits, hex); it is
-- verified when the DNS TXT record `contact-center-verification=<token>` is
-- found on the domain. Only verified claims route sign-ins, create users or
-- keep the domain from another organization. verified_at alone says which:
-- one column cannot disagree with a second one.
ALTER TABLE "sso_domains" ADD COLUMN "verification_token" VARCHAR(64);
ALTER TABLE "sso_domains" ADD COLUMN "verified_at" TIMESTAMPTZ(3);
ALTER TABLE "sso_domains" ADD COLUMN "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now();

-- The domains already here route today's sign-ins: made pending, every
-- customer on single sign-on would be locked out (SSO only) or lose it until
-- their admin published a record. They count as verified, as they always
-- have; a super admin revokes a claim that was never the organization's
-- (DELETE /api/organizations/{id}/sso-domains/{domain}). Each still gets a
-- token of its own, for the day it is claimed again.
UPDATE "sso_domains" SET "verified_at" = now(), "verification_token" = replace(gen_random_uuid()::text, '-', '');
ALTER TABLE "sso_domains" ALTER COLUMN "verification_token" SET NOT NULL;

-- Several organizations may hold pending claims on one domain (a pending
-- claim blocks nobody); one organization claims a domain once, and only one
-- may hold it verified. The primary key's first column serves the
-- connection's lookups, so its index of its own goes.
ALTER TABLE "sso_domains" DROP CONSTRAINT "sso_domains_pkey";
ALTER TABLE "sso_domains" ADD PRIMARY KEY ("connection_id", "domain");
DROP INDEX "sso_domains_connection_id_idx";
CREATE UNIQUE INDEX "sso_domains_verified_domain_key" ON "sso_domains"("domain") WHERE "verified_at" IS NOT NULL;
