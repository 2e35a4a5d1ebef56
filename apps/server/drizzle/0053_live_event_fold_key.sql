-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Decision 0150: one live event per transaction, project, item and page (0119) without a probe a
-- plan can turn into a scan. waymark_add_live_event looked for the transaction's event with a
-- SELECT whose plan PL/pgSQL keeps for the session. Planned while live_events was analyzed empty
-- (a new install, a quiet hour after the prune), that plan read every event the transaction had
-- written so far, once per event: a transaction of many items (a re-home, an import, a project's
-- deletion) spent quadratic time in its COMMIT — 5,000 events 1.2 s, the fifth 5,000 9.5 s; a URL
-- template over 100,000 items had not committed after five minutes. The check is now the unique
-- index's own (INSERT … ON CONFLICT DO NOTHING), which no plan chooses.
DROP INDEX "live_events_fold_idx";--> statement-breakpoint
-- Rows written before 0046 (within the retention) may repeat a key; the first of each is kept, as
-- the fold kept it, and readers fold by page and item anyway.
DELETE FROM "live_events" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "project_id", "xid", coalesce("item_id", 0), coalesce("relative_path_id", 0)
      ORDER BY "id"
    ) AS "n"
    FROM "live_events" WHERE "recipient_user_ids" IS NULL
  ) AS "repeated" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "live_events_fold_key" ON "live_events" USING btree ("project_id","xid",coalesce("item_id", 0),coalesce("relative_path_id", 0)) WHERE "live_events"."recipient_user_ids" is null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_add_live_event(
  p_project_id integer, p_topic text, p_relative_path_id integer, p_item_id integer
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_project_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO live_events (project_id, topic, relative_path_id, item_id)
  VALUES (p_project_id, p_topic, p_relative_path_id, p_item_id)
  ON CONFLICT (project_id, xid, (coalesce(item_id, 0)), (coalesce(relative_path_id, 0)))
    WHERE recipient_user_ids IS NULL
  DO NOTHING;
END;
$$;
