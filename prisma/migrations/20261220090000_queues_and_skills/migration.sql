-- Issue 44, point 1: every queue is a row with a stable id and its
-- distribution settings. A queue is still a department (queue_entries keep
-- department_id; null is the organization's general queue), so the pick
-- queue's API is unchanged; this row holds how its callers are distributed.
CREATE TABLE "queues" (
  "id" SERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "department_id" INTEGER REFERENCES "departments"("id") ON DELETE CASCADE,
  "distribution" VARCHAR(10) NOT NULL DEFAULT 'pick' CHECK ("distribution" IN ('pick', 'offer')),
  "offer_timeout_seconds" INTEGER NOT NULL DEFAULT 20 CHECK ("offer_timeout_seconds" BETWEEN 5 AND 120),
  "wrap_up_seconds" INTEGER NOT NULL DEFAULT 0 CHECK ("wrap_up_seconds" BETWEEN 0 AND 600),
  "disposition_required" BOOLEAN NOT NULL DEFAULT false,
  "priority" INTEGER NOT NULL DEFAULT 0 CHECK ("priority" BETWEEN 0 AND 10),
  "overflow_after_seconds" INTEGER CHECK ("overflow_after_seconds" BETWEEN 1 AND 3600),
  "overflow_queue_id" INTEGER REFERENCES "queues"("id") ON DELETE SET NULL,
  "required_skills" JSONB NOT NULL DEFAULT '[]',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CHECK ("overflow_queue_id" IS NULL OR "overflow_after_seconds" IS NOT NULL),
  CHECK ("overflow_queue_id" IS DISTINCT FROM "id")
);
-- One queue per department, and one general queue per organization.
CREATE UNIQUE INDEX "queues_department_key" ON "queues" ("department_id") WHERE "department_id" IS NOT NULL;
CREATE UNIQUE INDEX "queues_general_key" ON "queues" ("organization_id") WHERE "department_id" IS NULL;

INSERT INTO "queues" ("organization_id") SELECT "id" FROM "organizations";
INSERT INTO "queues" ("organization_id", "department_id") SELECT "organization_id", "id" FROM "departments";

-- Point 2: what an agent can do, and how well (1-10). Queues name the skills
-- they need with a minimum level; the offer engine matches the two.
CREATE TABLE "user_skills" (
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "skill" VARCHAR(40) NOT NULL,
  "level" INTEGER NOT NULL CHECK ("level" BETWEEN 1 AND 10),
  PRIMARY KEY ("user_id", "skill")
);
CREATE INDEX "user_skills_organization_skill_idx" ON "user_skills" ("organization_id", "skill");
