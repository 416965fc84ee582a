-- Issue 40: a phone number belongs to one organization. Its telephony numbers
-- and its caller ID (settings 'telephony') are claimed here, one row per
-- number; the primary key is what stops two organizations from holding the
-- same number, whoever saves first and however many servers save at once (the
-- second insert waits for the first to commit, then fails). A trigger keeps
-- the table in step with every write of the settings row, so no path that
-- writes the settings can skip the claim.
CREATE TABLE "owned_numbers" (
    "phone_number" VARCHAR(20) NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "owned_numbers_pkey" PRIMARY KEY ("phone_number")
);
CREATE INDEX "owned_numbers_organization_id_idx" ON "owned_numbers"("organization_id");
ALTER TABLE "owned_numbers" ADD CONSTRAINT "owned_numbers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The numbers a telephony settings value names: phone_numbers and caller_id.
CREATE OR REPLACE FUNCTION "telephony_numbers"(value JSONB) RETURNS SETOF TEXT AS $$
  SELECT DISTINCT n FROM (
    SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(value -> 'phone_numbers') = 'array' THEN value -> 'phone_numbers' ELSE '[]'::jsonb END) AS n
    UNION ALL SELECT value ->> 'caller_id'
  ) AS named WHERE n IS NOT NULL AND n <> ''
$$ LANGUAGE sql IMMUTABLE;

CREATE OR REPLACE FUNCTION "claim_owned_numbers"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.key = 'telephony' THEN DELETE FROM owned_numbers WHERE organization_id = OLD.organization_id; END IF;
    RETURN OLD;
  END IF;
  IF NEW.key <> 'telephony' THEN RETURN NEW; END IF;
  DELETE FROM owned_numbers o WHERE o.organization_id = NEW.organization_id
    AND o.phone_number NOT IN (SELECT telephony_numbers(NEW.value));
  -- A number being claimed by another save waits here until that save ends.
  INSERT INTO owned_numbers (phone_number, organization_id)
    SELECT n, NEW.organization_id FROM telephony_numbers(NEW.value) AS n
  ON CONFLICT (phone_number) DO NOTHING;
  -- Another organization's number (held before, or claimed by a save that
  -- committed meanwhile: this statement sees it) undoes the whole save.
  IF EXISTS (SELECT 1 FROM telephony_numbers(NEW.value) AS n JOIN owned_numbers o ON o.phone_number = n
             WHERE o.organization_id <> NEW.organization_id) THEN
    RAISE EXCEPTION 'A number of these telephony settings is another organization''s number.' USING ERRCODE = 'unique_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

-- Numbers already saved: the lowest organization id keeps a number two of them
-- named (its callbacks already found that one first); the other must remove it
-- before its telephony settings can be saved again (409 naming it).
INSERT INTO owned_numbers (phone_number, organization_id)
  SELECT DISTINCT ON (n) n, s.organization_id
  FROM settings s CROSS JOIN LATERAL telephony_numbers(s.value) AS n
  WHERE s.key = 'telephony'
  ORDER BY n, s.organization_id
ON CONFLICT (phone_number) DO NOTHING;

CREATE TRIGGER "settings_claim_owned_numbers" AFTER INSERT OR UPDATE OR DELETE ON "settings"
  FOR EACH ROW EXECUTE FUNCTION claim_owned_numbers();
