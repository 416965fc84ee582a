-- Issue 59, point 4: an integration key is its maker's, and works only while
-- they are active and may still make keys (lib/integrations/resolve-integration-key.ts);
-- a key an admin makes as the organization's own keeps working after they leave.
-- Keys made before this are their makers' (false): a key whose maker is
-- already gone stops, which is the point.
ALTER TABLE "integration_keys" ADD COLUMN "organization_key" BOOLEAN NOT NULL DEFAULT false;

-- Issue 59, point 7: a WhatsApp sender is a number, and a number is one
-- organization's. The sender (settings 'sms', whatsapp.sender, kept in E.164
-- however it was written) is claimed in owned_numbers by the same trigger as
-- the telephony numbers and caller ID, so the same primary key refuses it to
-- a second organization, whoever saves first and on whichever server, and a
-- telephony number and a sender cannot be two organizations' either.

-- The numbers one settings row names: telephony's numbers and caller ID, or the WhatsApp sender.
CREATE OR REPLACE FUNCTION "settings_numbers"(setting_key TEXT, setting_value JSONB) RETURNS SETOF TEXT AS $$
  SELECT n FROM telephony_numbers(setting_value) AS n WHERE setting_key = 'telephony'
  UNION
  SELECT setting_value -> 'whatsapp' ->> 'sender'
  WHERE setting_key = 'sms' AND COALESCE(setting_value -> 'whatsapp' ->> 'sender', '') <> ''
$$ LANGUAGE sql IMMUTABLE;

CREATE OR REPLACE FUNCTION "claim_owned_numbers"() RETURNS trigger AS $$
DECLARE
  org INTEGER;
  named_before TEXT[] := '{}';
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.key NOT IN ('telephony', 'sms') THEN RETURN OLD; END IF;
    org := OLD.organization_id;
  ELSE
    IF NEW.key NOT IN ('telephony', 'sms') THEN RETURN NEW; END IF;
    org := NEW.organization_id;
  END IF;
  -- A number none of the organization's settings names any more is given up
  -- (this runs after the write: the table holds the row as written).
  DELETE FROM owned_numbers o WHERE o.organization_id = org
    AND o.phone_number NOT IN (SELECT settings_numbers(s.key, s.value) FROM settings s WHERE s.organization_id = org);
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  -- A number being claimed by another save waits here until that save ends.
  INSERT INTO owned_numbers (phone_number, organization_id)
    SELECT n, org FROM settings_numbers(NEW.key, NEW.value) AS n
  ON CONFLICT (phone_number) DO NOTHING;
  -- A number this save names anew that is another organization's (held
  -- before, or claimed by a save that committed meanwhile: this statement sees
  -- it) undoes the whole save. One the row already named is not asked again:
  -- an organization that shared a number before numbers had owners (see below)
  -- can still save its quiet hours; it cannot name the number again.
  IF TG_OP = 'UPDATE' THEN named_before := ARRAY(SELECT settings_numbers(OLD.key, OLD.value)); END IF;
  IF EXISTS (SELECT 1 FROM settings_numbers(NEW.key, NEW.value) AS n JOIN owned_numbers o ON o.phone_number = n
             WHERE o.organization_id <> org AND NOT n = ANY(named_before)) THEN
    RAISE EXCEPTION 'A number of these settings is another organization''s number.' USING ERRCODE = 'unique_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

-- Senders already saved: a number already held (a telephony number, or an
-- earlier organization's sender) stays with its holder, else the lowest
-- organization id keeps it (its messages were already found first).
INSERT INTO owned_numbers (phone_number, organization_id)
  SELECT DISTINCT ON (n) n, s.organization_id
  FROM settings s CROSS JOIN LATERAL settings_numbers(s.key, s.value) AS n
  WHERE s.key = 'sms'
  ORDER BY n, s.organization_id
ON CONFLICT (phone_number) DO NOTHING;
