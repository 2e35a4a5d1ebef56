-- hand-written:
-- Issue 31, canonical links (decision 0066): an alias added (a canonical link accepted, which may
-- touch no path row when the canonical page already exists) or removed (deletePathAlias) changes
-- what an address shows. Announce it on the change feed with its project so every server copy
-- drops the project's cached page answers, and record a live event so open panels look again.
CREATE TRIGGER relative_path_aliases_changed AFTER INSERT OR UPDATE OR DELETE ON relative_path_aliases
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('project_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER relative_path_aliases_live AFTER INSERT OR UPDATE OR DELETE ON relative_path_aliases
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('project');
