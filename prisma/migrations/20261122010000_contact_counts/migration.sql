-- Exact contact totals per organization, department and status, kept by
-- statement-level triggers: the default contact list answers its total from
-- here instead of counting a million rows (bench/contacts-search).
CREATE TABLE "contact_counts" (
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "n" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "contact_counts_pkey" PRIMARY KEY ("organization_id", "department_id", "status")
);

CREATE FUNCTION contact_counts_add_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_counts AS c (organization_id, department_id, status, n)
  SELECT organization_id, department_id, status, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, department_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION contact_counts_remove_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_counts AS c (organization_id, department_id, status, n)
  SELECT organization_id, department_id, status, -count(*) FROM old_rows GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, department_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION contact_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose organization, department or status changed move a count.
  INSERT INTO contact_counts AS c (organization_id, department_id, status, n)
  SELECT key_org, key_dept, key_status, sum(delta) FROM (
    SELECT o.organization_id AS key_org, o.department_id AS key_dept, o.status AS key_status, -1 AS delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.organization_id, o.department_id, o.status) IS DISTINCT FROM (n.organization_id, n.department_id, n.status)
    UNION ALL
    SELECT n.organization_id, n.department_id, n.status, 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.organization_id, o.department_id, o.status) IS DISTINCT FROM (n.organization_id, n.department_id, n.status)
  ) moved GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, department_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER contact_counts_insert AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_add_new();
CREATE TRIGGER contact_counts_delete AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_remove_old();
CREATE TRIGGER contact_counts_update AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_move();

-- Counts for contacts that existed before this migration.
INSERT INTO contact_counts (organization_id, department_id, status, n)
SELECT organization_id, department_id, status, count(*) FROM contacts GROUP BY 1, 2, 3;

-- Fuzzy name matching for duplicate detection (pg_trgm similarity).
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING GIN (lower("name") gin_trgm_ops);
-- Case-insensitive email matching for duplicate detection.
CREATE INDEX "contacts_organization_id_lower_email_idx" ON "contacts" ("organization_id", lower("email"));
