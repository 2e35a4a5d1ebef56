-- Issue 17: every committed change to the rows caches (and live updates) derive from is announced
-- on channel waymark_changes as '<table>:<key>', so every server copy on this database can forget
-- what it derived. The key is the column named by the trigger's first argument (an item's
-- relative path, a path's project, a membership's organization…); with a second argument 'item'
-- it is the relative path of that item. An update that moves the key announces the old one too.
-- PostgreSQL folds identical notifications of one transaction into one, so a bulk write sends
-- one per table and key.
CREATE OR REPLACE FUNCTION waymark_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_key text := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) ->> TG_ARGV[0] END;
  old_key text := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) ->> TG_ARGV[0] END;
BEGIN
  IF TG_NARGS > 1 AND TG_ARGV[1] = 'item' THEN
    IF new_key IS NOT NULL THEN
      SELECT relative_path_id::text INTO new_key FROM items WHERE id = new_key::int;
    END IF;
    IF old_key IS NOT NULL THEN
      SELECT relative_path_id::text INTO old_key FROM items WHERE id = old_key::int;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('waymark_changes', TG_TABLE_NAME || ':' || coalesce(new_key, ''));
  END IF;
  IF TG_OP = 'DELETE' OR old_key IS DISTINCT FROM new_key THEN
    PERFORM pg_notify('waymark_changes', TG_TABLE_NAME || ':' || coalesce(old_key, ''));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER organizations_changed AFTER INSERT OR UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER org_members_changed AFTER INSERT OR UPDATE OR DELETE ON org_members
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('org_id');
--> statement-breakpoint
CREATE TRIGGER projects_changed AFTER INSERT OR UPDATE OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER project_access_changed AFTER INSERT OR UPDATE OR DELETE ON project_access
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('project_id');
--> statement-breakpoint
CREATE TRIGGER associated_sites_changed AFTER INSERT OR UPDATE OR DELETE ON associated_sites
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('project_id');
--> statement-breakpoint
CREATE TRIGGER relative_paths_changed AFTER INSERT OR UPDATE OR DELETE ON relative_paths
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('project_id');
--> statement-breakpoint
CREATE TRIGGER releases_changed AFTER INSERT OR UPDATE OR DELETE ON releases
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('project_id');
--> statement-breakpoint
CREATE TRIGGER item_statuses_changed AFTER INSERT OR UPDATE OR DELETE ON item_statuses
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('org_id');
--> statement-breakpoint
CREATE TRIGGER item_types_changed AFTER INSERT OR UPDATE OR DELETE ON item_types
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('org_id');
--> statement-breakpoint
CREATE TRIGGER items_changed AFTER INSERT OR UPDATE OR DELETE ON items
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('relative_path_id');
--> statement-breakpoint
CREATE TRIGGER item_tags_changed AFTER INSERT OR UPDATE OR DELETE ON item_tags
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('item_id', 'item');
--> statement-breakpoint
CREATE TRIGGER item_notes_changed AFTER INSERT OR UPDATE OR DELETE ON item_notes
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('item_id', 'item');
--> statement-breakpoint
CREATE TRIGGER item_external_urls_changed AFTER INSERT OR UPDATE OR DELETE ON item_external_urls
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('item_id', 'item');
--> statement-breakpoint
CREATE TRIGGER item_relations_changed AFTER INSERT OR UPDATE OR DELETE ON item_relations
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('low_item_id', 'item');
