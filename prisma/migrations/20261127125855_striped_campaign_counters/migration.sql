-- AlterTable
ALTER TABLE "campaign_counters" DROP CONSTRAINT "campaign_counters_pkey",
ADD COLUMN     "stripe" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "campaign_counters_pkey" PRIMARY KEY ("campaign_id", "stripe");

-- ───────────── Hand-written (manual_*) ─────────────
-- A campaign's counters in 16 stripes, by query (query_id % 16). A single row per campaign made every submission
-- in the campaign wait for the one before it to commit (the row trigger below updates it): at 262 experts that
-- wait averaged 10 ms per submission and queued submissions behind each other (npm run stress --pg-statements,
-- issue 21). Readers sum a campaign's stripes; every stripe that holds a query or criterion has its row, made by
-- the statement triggers, so the row trigger only updates.

-- The stripes, recounted from the rows they count.
DELETE FROM "campaign_counters";
INSERT INTO "campaign_counters" (campaign_id, stripe, criteria, queries, open_queries, submissions)
SELECT campaign_id, stripe, sum(criteria)::int, sum(queries)::int, sum(open_queries)::int, sum(submissions)::int
  FROM (SELECT campaign_id, (query_id % 16)::smallint AS stripe, count(*) AS criteria, 0 AS queries, 0 AS open_queries, 0 AS submissions
          FROM campaign_criteria GROUP BY 1, 2
        UNION ALL
        SELECT campaign_id, (query_id % 16)::smallint, 0, count(*), count(*) FILTER (WHERE submitted_count < overlap_k),
               COALESCE(sum(submitted_count * criteria_count), 0)
          FROM campaign_queries GROUP BY 1, 2) counted
 GROUP BY 1, 2;

CREATE OR REPLACE FUNCTION manual_campaign_criteria_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE campaign_queries cq SET criteria_count = cq.criteria_count + d.n
      FROM (SELECT campaign_id, query_id, count(*)::int AS n FROM new_rows GROUP BY 1, 2) d
     WHERE cq.campaign_id = d.campaign_id AND cq.query_id = d.query_id;
    INSERT INTO campaign_counters AS c (campaign_id, stripe, criteria)
    SELECT campaign_id, (query_id % 16)::smallint, count(*)::int FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (campaign_id, stripe) DO UPDATE SET criteria = c.criteria + EXCLUDED.criteria;
  ELSE
    UPDATE campaign_queries cq SET criteria_count = cq.criteria_count - d.n
      FROM (SELECT campaign_id, query_id, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
     WHERE cq.campaign_id = d.campaign_id AND cq.query_id = d.query_id;
    UPDATE campaign_counters c SET criteria = c.criteria - d.n
      FROM (SELECT campaign_id, (query_id % 16)::smallint AS stripe, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
     WHERE c.campaign_id = d.campaign_id AND c.stripe = d.stripe;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION manual_campaign_queries_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_counters AS c (campaign_id, stripe, queries, open_queries, submissions)
    SELECT campaign_id, (query_id % 16)::smallint, count(*)::int, count(*) FILTER (WHERE submitted_count < overlap_k)::int,
           sum(submitted_count * criteria_count)::int
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (campaign_id, stripe) DO UPDATE SET queries = c.queries + EXCLUDED.queries,
           open_queries = c.open_queries + EXCLUDED.open_queries, submissions = c.submissions + EXCLUDED.submissions;
  ELSE
    UPDATE campaign_counters c SET queries = c.queries - d.queries, open_queries = c.open_queries - d.open_queries,
           submissions = c.submissions - d.submissions
      FROM (SELECT campaign_id, (query_id % 16)::smallint AS stripe, count(*)::int AS queries,
                   count(*) FILTER (WHERE submitted_count < overlap_k)::int AS open_queries,
                   sum(submitted_count * criteria_count)::int AS submissions
              FROM old_rows GROUP BY 1, 2) d
     WHERE c.campaign_id = d.campaign_id AND c.stripe = d.stripe;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION manual_campaign_query_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_counters SET
    open_queries = open_queries + (NEW.submitted_count < NEW.overlap_k)::int - (OLD.submitted_count < OLD.overlap_k)::int,
    submissions = submissions + NEW.submitted_count * NEW.criteria_count - OLD.submitted_count * OLD.criteria_count
   WHERE campaign_id = NEW.campaign_id AND stripe = (NEW.query_id % 16)::smallint;
  RETURN NULL;
END $$;
