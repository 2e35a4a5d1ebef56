-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issue 34, mixed load (decision 0092): a project's live events no longer take the advisory lock
-- (22016, project) that made their ids follow commit order (0011, 0016, 0022). Held through each
-- commit and its WAL flush, it let one commit of a project through at a time. Instead each event
-- records the transaction that wrote it (xid8), and streams read in (xid, id) order only the
-- events of transactions older than the oldest one still running (pg_snapshot_xmin): a
-- transaction that commits later has a higher xid than anything read, so it is never skipped.
-- Rows recorded before this migration keep xid 0: all committed, they come first, in id order.
ALTER TABLE "live_events" ADD COLUMN "xid" xid8 DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "live_events" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();
--> statement-breakpoint
CREATE INDEX "live_events_project_id_xid_id_idx" ON "live_events" USING btree ("project_id","xid","id");
--> statement-breakpoint
DROP INDEX "live_events_project_id_id_idx";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_add_live_event(
  p_project_id integer, p_topic text, p_relative_path_id integer, p_item_id integer
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_project_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO live_events (project_id, topic, relative_path_id, item_id)
  VALUES (p_project_id, p_topic, p_relative_path_id, p_item_id);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_live_inbox() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (project_id, topic, relative_path_id, item_id, recipient_user_ids)
  SELECT project_id, 'inbox_entries', NULL, min(item_id), array_agg(DISTINCT user_id)
  FROM new_rows GROUP BY project_id ORDER BY project_id;
  RETURN NULL;
END;
$$;
