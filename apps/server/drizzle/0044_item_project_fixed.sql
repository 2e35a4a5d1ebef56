-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issue 34, notes under load (decision 0110): every server copy keeps each item's project once
-- read, for the access check of the routes naming an item, and never forgets it on a change. That
-- is only true while an item never changes project, which no code does today: this trigger makes
-- it a rule of the database, so a future "move to another project" fails loudly here instead of
-- answering access checks from a stale project. BEFORE UPDATE OF fires only for statements that
-- set project_id, so no other update of items pays for it.
CREATE OR REPLACE FUNCTION waymark_refuse_item_project_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.project_id IS DISTINCT FROM OLD.project_id THEN
    RAISE EXCEPTION 'An item never changes project (item %)', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_project_fixed BEFORE UPDATE OF project_id ON items
  FOR EACH ROW EXECUTE FUNCTION waymark_refuse_item_project_change();
