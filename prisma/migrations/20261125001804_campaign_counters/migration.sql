-- AlterTable
ALTER TABLE "campaign_queries" ADD COLUMN     "criteria_count" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "campaign_counters" (
    "campaign_id" INTEGER NOT NULL,
    "criteria" INTEGER NOT NULL DEFAULT 0,
    "queries" INTEGER NOT NULL DEFAULT 0,
    "open_queries" INTEGER NOT NULL DEFAULT 0,
    "submissions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "campaign_counters_pkey" PRIMARY KEY ("campaign_id")
);

-- AddForeignKey
ALTER TABLE "campaign_counters" ADD CONSTRAINT "campaign_counters_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Campaign progress kept on write, so that no page recounts a campaign: an expert's home and audit screen read
-- it on every render, and at QuarkMedBench scale the recount cost 70–94 ms of PostgreSQL per render (issue 21).
-- campaign_queries.criteria_count follows campaign_criteria; campaign_counters follows campaign_queries (its
-- submissions term moves when either submitted_count or criteria_count does). Statement-level triggers with
-- transition tables, so creating a campaign of 200k criteria costs one grouped update, not 200k.

-- The backfill of databases that already hold campaigns, before the triggers exist.
UPDATE "campaign_queries" cq SET "criteria_count" = d.n
  FROM (SELECT campaign_id, query_id, count(*)::int AS n FROM campaign_criteria GROUP BY 1, 2) d
 WHERE cq.campaign_id = d.campaign_id AND cq.query_id = d.query_id;
INSERT INTO "campaign_counters" (campaign_id, criteria, queries, open_queries, submissions)
SELECT ac.id,
       (SELECT count(*)::int FROM campaign_criteria cc WHERE cc.campaign_id = ac.id),
       (SELECT count(*)::int FROM campaign_queries cq WHERE cq.campaign_id = ac.id),
       (SELECT count(*)::int FROM campaign_queries cq WHERE cq.campaign_id = ac.id AND cq.submitted_count < cq.overlap_k),
       (SELECT COALESCE(sum(cq.submitted_count * cq.criteria_count), 0)::int FROM campaign_queries cq WHERE cq.campaign_id = ac.id)
  FROM audit_campaigns ac
 WHERE EXISTS (SELECT 1 FROM campaign_criteria cc WHERE cc.campaign_id = ac.id)
    OR EXISTS (SELECT 1 FROM campaign_queries cq WHERE cq.campaign_id = ac.id);

-- A campaign query starts with the criteria the campaign already holds for it (campaigns insert their criteria
-- before their queries).
CREATE FUNCTION manual_campaign_query_criteria() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.criteria_count := (SELECT count(*)::int FROM campaign_criteria WHERE campaign_id = NEW.campaign_id AND query_id = NEW.query_id);
  RETURN NEW;
END $$;
CREATE TRIGGER "manual_campaign_counters_query_criteria" BEFORE INSERT ON "campaign_queries"
  FOR EACH ROW EXECUTE FUNCTION manual_campaign_query_criteria();

-- Criteria added to or removed from a campaign: their query's count and the campaign's.
CREATE FUNCTION manual_campaign_criteria_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE campaign_queries cq SET criteria_count = cq.criteria_count + d.n
      FROM (SELECT campaign_id, query_id, count(*)::int AS n FROM new_rows GROUP BY 1, 2) d
     WHERE cq.campaign_id = d.campaign_id AND cq.query_id = d.query_id;
    INSERT INTO campaign_counters AS c (campaign_id, criteria)
    SELECT campaign_id, count(*)::int FROM new_rows GROUP BY 1
        ON CONFLICT (campaign_id) DO UPDATE SET criteria = c.criteria + EXCLUDED.criteria;
  ELSE
    UPDATE campaign_queries cq SET criteria_count = cq.criteria_count - d.n
      FROM (SELECT campaign_id, query_id, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
     WHERE cq.campaign_id = d.campaign_id AND cq.query_id = d.query_id;
    UPDATE campaign_counters c SET criteria = c.criteria - d.n
      FROM (SELECT campaign_id, count(*)::int AS n FROM old_rows GROUP BY 1) d
     WHERE c.campaign_id = d.campaign_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_campaign_counters_criteria_insert" AFTER INSERT ON "campaign_criteria"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_campaign_criteria_counted();
CREATE TRIGGER "manual_campaign_counters_criteria_delete" AFTER DELETE ON "campaign_criteria"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_campaign_criteria_counted();

-- A campaign criterion never moves to another campaign or query (the counts above would not follow it).
CREATE FUNCTION manual_refuse_campaign_criterion_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a campaign criterion cannot move to another campaign or query';
END $$;
CREATE TRIGGER "manual_campaign_counters_criteria_fixed" BEFORE UPDATE OF campaign_id, query_id ON "campaign_criteria"
  FOR EACH ROW WHEN (OLD.campaign_id IS DISTINCT FROM NEW.campaign_id OR OLD.query_id IS DISTINCT FROM NEW.query_id)
  EXECUTE FUNCTION manual_refuse_campaign_criterion_move();

-- Campaign queries inserted or removed: what they add to or take from the campaign's counts. Only an insert
-- creates the counter row; after a campaign is deleted (its counter row with it) the cascade's updates find
-- nothing to change.
CREATE FUNCTION manual_campaign_queries_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_counters AS c (campaign_id, queries, open_queries, submissions)
    SELECT campaign_id, count(*)::int, count(*) FILTER (WHERE submitted_count < overlap_k)::int,
           sum(submitted_count * criteria_count)::int
      FROM new_rows GROUP BY 1
        ON CONFLICT (campaign_id) DO UPDATE SET queries = c.queries + EXCLUDED.queries,
           open_queries = c.open_queries + EXCLUDED.open_queries, submissions = c.submissions + EXCLUDED.submissions;
  ELSE
    UPDATE campaign_counters c SET queries = c.queries - d.queries, open_queries = c.open_queries - d.open_queries,
           submissions = c.submissions - d.submissions
      FROM (SELECT campaign_id, count(*)::int AS queries, count(*) FILTER (WHERE submitted_count < overlap_k)::int AS open_queries,
                   sum(submitted_count * criteria_count)::int AS submissions
              FROM old_rows GROUP BY 1) d
     WHERE c.campaign_id = d.campaign_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_campaign_counters_queries_insert" AFTER INSERT ON "campaign_queries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_campaign_queries_counted();

-- A change of a campaign query moves the counts only through its submissions, k or criteria: a row trigger
-- with a WHEN clause, so that a claim (which changes only holders) costs nothing here.
CREATE FUNCTION manual_campaign_query_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_counters SET
    open_queries = open_queries + (NEW.submitted_count < NEW.overlap_k)::int - (OLD.submitted_count < OLD.overlap_k)::int,
    submissions = submissions + NEW.submitted_count * NEW.criteria_count - OLD.submitted_count * OLD.criteria_count
   WHERE campaign_id = NEW.campaign_id;
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_campaign_counters_query_update" AFTER UPDATE OF submitted_count, overlap_k, criteria_count ON "campaign_queries"
  FOR EACH ROW WHEN (OLD.submitted_count IS DISTINCT FROM NEW.submitted_count OR OLD.overlap_k IS DISTINCT FROM NEW.overlap_k
                     OR OLD.criteria_count IS DISTINCT FROM NEW.criteria_count)
  EXECUTE FUNCTION manual_campaign_query_changed();
CREATE TRIGGER "manual_campaign_counters_queries_delete" AFTER DELETE ON "campaign_queries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_campaign_queries_counted();
