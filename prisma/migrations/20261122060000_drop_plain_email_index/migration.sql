-- DropIndex: every email lookup (quick search by address, duplicate detection
-- by email) compares lower(email) and uses contacts_organization_id_lower_email_idx.
-- The plain index served no query, and kept 85 MB per million contacts and a
-- tenth of the cost of every contact insert (bench/contacts-search.mjs).
DROP INDEX "contacts_organization_id_email_idx";
