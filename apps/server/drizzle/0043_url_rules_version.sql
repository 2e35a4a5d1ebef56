-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issue 34, mixed load (decision 0104): a create is one statement, its own transaction. It places
-- its item on URL rules the server cached with their version, and writes only when it can
-- share-lock the project's url_rules_versions row with that version still on it: READ COMMITTED re-checks a locked
-- row's condition on its newest version, so a rules change that committed meanwhile is seen even
-- though the statement's snapshot is older. Every rules change bumps the version first, in its
-- transaction (lockUrlRules 'exclusive'), so it waits for the creates holding the row and they
-- for it; the triggers below bump it too, so no change of the rules leaves a cache stale. A table
-- of its own, not a column of projects: an update of projects is a live event to open panels, and
-- a lock on that row would make creates wait for a project's rename.
CREATE TABLE url_rules_versions (
  project_id integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO url_rules_versions (project_id) SELECT id FROM projects;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_add_url_rules_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO url_rules_versions (project_id) VALUES (NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER projects_url_rules_version AFTER INSERT ON projects
  FOR EACH ROW EXECUTE FUNCTION waymark_add_url_rules_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_bump_url_rules_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE url_rules_versions SET version = version + 1
  WHERE project_id IN (SELECT project_id FROM changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_url_rules_version_insert AFTER INSERT ON project_url_rules
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION waymark_bump_url_rules_version();
--> statement-breakpoint
CREATE TRIGGER project_url_rules_version_update AFTER UPDATE ON project_url_rules
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION waymark_bump_url_rules_version();
--> statement-breakpoint
CREATE TRIGGER project_url_rules_version_delete AFTER DELETE ON project_url_rules
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION waymark_bump_url_rules_version();
--> statement-breakpoint
CREATE TRIGGER url_templates_version_insert AFTER INSERT ON url_templates
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION waymark_bump_url_rules_version();
--> statement-breakpoint
CREATE TRIGGER url_templates_version_update AFTER UPDATE ON url_templates
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION waymark_bump_url_rules_version();
--> statement-breakpoint
CREATE TRIGGER url_templates_version_delete AFTER DELETE ON url_templates
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION waymark_bump_url_rules_version();
