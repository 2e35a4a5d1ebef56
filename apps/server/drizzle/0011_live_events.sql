CREATE TABLE "live_event_horizon" (
	"is_singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "live_event_horizon_singleton" CHECK ("live_event_horizon"."is_singleton")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"topic" text NOT NULL,
	"relative_path_id" integer,
	"item_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_project_id_id_idx" ON "live_events" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created_at_idx" ON "live_events" USING btree ("created_at");
--> statement-breakpoint
-- Issue 16: live updates. Every committed change a side panel shows is recorded in live_events
-- (the durable, resumable log the event streams read) by the same kind of row trigger as the
-- change feed of 0005. The row's id comes from a sequence, taken under a transaction-scoped
-- advisory lock on (22016, project_id): two transactions writing the same project take ids one
-- after the other and commit in that order, so a stream that has sent event N of a project has
-- seen every committed event of it up to N. Inserting a row notifies 'live_events:<project>'
-- (folded per transaction) through waymark_notify_change, which wakes the streams of every copy.
CREATE OR REPLACE FUNCTION waymark_add_live_event(
  p_project_id integer, p_topic text, p_relative_path_id integer, p_item_id integer
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_project_id IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(22016, p_project_id);
  INSERT INTO live_events (project_id, topic, relative_path_id, item_id)
  VALUES (p_project_id, p_topic, p_relative_path_id, p_item_id);
END;
$$;
--> statement-breakpoint
-- TG_ARGV[0] says how a row names its project: 'item' (the items table itself), 'child' (item id
-- columns in TG_ARGV[1..]), 'project' (a project_id column; TG_ARGV[1] the column naming the
-- page, if any), 'self' (the projects table), 'org' (an org_id: every project of the org).
-- An update records the new row, and the old one too when it named another page or project.
CREATE OR REPLACE FUNCTION waymark_record_live_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  mode text := TG_ARGV[0];
  rows jsonb[];
  r jsonb;
  i integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    rows := ARRAY[to_jsonb(NEW)];
  ELSIF TG_OP = 'DELETE' THEN
    rows := ARRAY[to_jsonb(OLD)];
  ELSE
    rows := ARRAY[to_jsonb(NEW)];
    -- Compared as JSON: OLD.relative_path_id would not even compile for tables without it.
    IF mode = 'item' AND (to_jsonb(OLD) ->> 'relative_path_id', to_jsonb(OLD) ->> 'project_id')
        IS DISTINCT FROM (to_jsonb(NEW) ->> 'relative_path_id', to_jsonb(NEW) ->> 'project_id') THEN
      rows := rows || to_jsonb(OLD);
    END IF;
  END IF;
  FOREACH r IN ARRAY rows LOOP
    IF mode = 'item' THEN
      PERFORM waymark_add_live_event((r ->> 'project_id')::int, TG_TABLE_NAME,
        (r ->> 'relative_path_id')::int, (r ->> 'id')::int);
    ELSIF mode = 'child' THEN
      FOR i IN 1 .. TG_NARGS - 1 LOOP
        -- A child row deleted with its item finds no item: the item's own event covers it.
        PERFORM waymark_add_live_event(it.project_id, TG_TABLE_NAME, it.relative_path_id, it.id)
        FROM items it WHERE it.id = (r ->> TG_ARGV[i])::int;
      END LOOP;
    ELSIF mode = 'project' THEN
      PERFORM waymark_add_live_event((r ->> 'project_id')::int, TG_TABLE_NAME,
        CASE WHEN TG_NARGS > 1 THEN (r ->> TG_ARGV[1])::int END, NULL);
    ELSIF mode = 'self' THEN
      PERFORM waymark_add_live_event((r ->> 'id')::int, TG_TABLE_NAME, NULL, NULL);
    ELSIF mode = 'org' THEN
      PERFORM waymark_add_live_event(p.id, TG_TABLE_NAME, NULL, NULL)
      FROM projects p WHERE p.org_id = (r ->> 'org_id')::int ORDER BY p.id;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO live_event_horizon (is_singleton, pruned_through) VALUES (true, 0);
--> statement-breakpoint
CREATE TRIGGER live_events_changed AFTER INSERT ON live_events
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('project_id');
--> statement-breakpoint
CREATE TRIGGER items_live AFTER INSERT OR UPDATE OR DELETE ON items
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('item');
--> statement-breakpoint
CREATE TRIGGER item_notes_live AFTER INSERT OR UPDATE OR DELETE ON item_notes
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
CREATE TRIGGER item_tags_live AFTER INSERT OR UPDATE OR DELETE ON item_tags
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
CREATE TRIGGER item_external_urls_live AFTER INSERT OR UPDATE OR DELETE ON item_external_urls
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
CREATE TRIGGER item_attachments_live AFTER INSERT OR UPDATE OR DELETE ON item_attachments
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
CREATE TRIGGER item_relations_live AFTER INSERT OR UPDATE OR DELETE ON item_relations
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'low_item_id', 'high_item_id');
--> statement-breakpoint
CREATE TRIGGER relative_paths_live AFTER INSERT OR UPDATE OR DELETE ON relative_paths
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('project', 'id');
--> statement-breakpoint
CREATE TRIGGER releases_live AFTER INSERT OR UPDATE OR DELETE ON releases
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('project');
--> statement-breakpoint
CREATE TRIGGER projects_live AFTER UPDATE OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('self');
--> statement-breakpoint
CREATE TRIGGER item_statuses_live AFTER INSERT OR UPDATE OR DELETE ON item_statuses
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('org');
--> statement-breakpoint
CREATE TRIGGER item_types_live AFTER INSERT OR UPDATE OR DELETE ON item_types
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('org');
--> statement-breakpoint
-- Issue 15 (merged beside this): a pin placed, moved or removed is a change of its item page.
CREATE TRIGGER item_pins_live AFTER INSERT OR UPDATE OR DELETE ON item_pins
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
