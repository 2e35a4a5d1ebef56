-- hand-written:
-- Issue 34, mixed load: the live events of a change are recorded when its transaction commits.
-- waymark_add_live_event takes the project's advisory lock (22016, project) so a project's events
-- get their ids in commit order (0011). Fired by ordinary row triggers, the lock was taken at a
-- transaction's first write of an item and held through every later statement and round trip
-- until COMMIT: every write of a project queued behind the one in progress (under 200
-- connections, 6.5 of the pool's 10 connections on average waited for it). As deferred
-- constraint triggers they run at COMMIT, in the order of the changes, with the row as it was
-- changed: the lock is held only for the commit itself, and the ordering guarantee is the same.
-- inbox_entries_live (0016) stays a statement trigger: one event per statement needs its
-- transition table, which a constraint trigger cannot have; it runs only when someone is notified.
--> statement-breakpoint
DROP TRIGGER items_live ON items;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER items_live AFTER INSERT OR UPDATE OR DELETE ON items
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('item');
--> statement-breakpoint
DROP TRIGGER item_notes_live ON item_notes;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER item_notes_live AFTER INSERT OR UPDATE OR DELETE ON item_notes
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
DROP TRIGGER item_tags_live ON item_tags;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER item_tags_live AFTER INSERT OR UPDATE OR DELETE ON item_tags
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
DROP TRIGGER item_external_urls_live ON item_external_urls;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER item_external_urls_live AFTER INSERT OR UPDATE OR DELETE ON item_external_urls
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
DROP TRIGGER item_attachments_live ON item_attachments;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER item_attachments_live AFTER INSERT OR UPDATE OR DELETE ON item_attachments
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
DROP TRIGGER item_relations_live ON item_relations;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER item_relations_live AFTER INSERT OR UPDATE OR DELETE ON item_relations
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'low_item_id', 'high_item_id');
--> statement-breakpoint
DROP TRIGGER relative_paths_live ON relative_paths;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER relative_paths_live AFTER INSERT OR UPDATE OR DELETE ON relative_paths
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('project', 'id');
--> statement-breakpoint
DROP TRIGGER releases_live ON releases;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER releases_live AFTER INSERT OR UPDATE OR DELETE ON releases
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('project');
--> statement-breakpoint
DROP TRIGGER item_statuses_live ON item_statuses;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER item_statuses_live AFTER INSERT OR UPDATE OR DELETE ON item_statuses
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('org');
--> statement-breakpoint
DROP TRIGGER item_types_live ON item_types;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER item_types_live AFTER INSERT OR UPDATE OR DELETE ON item_types
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('org');
--> statement-breakpoint
DROP TRIGGER item_pins_live ON item_pins;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER item_pins_live AFTER INSERT OR UPDATE OR DELETE ON item_pins
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
DROP TRIGGER projects_live ON projects;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER projects_live AFTER UPDATE OR DELETE ON projects
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('self');
