-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issue 27's watches name an item or a page (relative path) by id, with no foreign key: a kind
-- column picks the table (decision 0122). Deleting an item or a path left its
-- watch rows behind, and a path merged into another (a rename onto an existing path, or a
-- canonical link accepted) dropped its watchers silently: the items moved to the target page,
-- whose watchers did not include them. Now, when items or paths are deleted, their watches go
-- with them; a path deleted because it became an alias of another (the alias at its address,
-- written before the delete) hands its page watches to that path, where a watcher's own choice
-- on the target (watching or an explicit unwatch) wins. A project being deleted hands nothing on.
-- Statement-level, over the deleted rows: a cascade of 100,000 items is one DELETE, not 100,000.
CREATE OR REPLACE FUNCTION waymark_forget_item_watches() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM watches w USING gone_items g WHERE w.kind = 'item' AND w.target_id = g.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_forget_watches AFTER DELETE ON items
  REFERENCING OLD TABLE AS gone_items
  FOR EACH STATEMENT EXECUTE FUNCTION waymark_forget_item_watches();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_move_page_watches() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO watches (user_id, project_id, kind, target_id, is_watching, is_automatic, created_at)
  SELECT w.user_id, w.project_id, 'page', a.relative_path_id, w.is_watching, w.is_automatic,
         w.created_at
  FROM gone_paths g
  JOIN projects p ON p.id = g.project_id
  JOIN relative_path_aliases a ON a.project_id = g.project_id AND a.path = g.path
  JOIN relative_paths target ON target.id = a.relative_path_id
  JOIN watches w ON w.kind = 'page' AND w.target_id = g.id
  WHERE a.relative_path_id <> g.id
  ON CONFLICT DO NOTHING;
  DELETE FROM watches w USING gone_paths g WHERE w.kind = 'page' AND w.target_id = g.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relative_paths_move_watches AFTER DELETE ON relative_paths
  REFERENCING OLD TABLE AS gone_paths
  FOR EACH STATEMENT EXECUTE FUNCTION waymark_move_page_watches();
--> statement-breakpoint
-- What deletes left behind before this migration.
DELETE FROM watches w
WHERE w.kind = 'item' AND NOT EXISTS (SELECT 1 FROM items i WHERE i.id = w.target_id);
--> statement-breakpoint
DELETE FROM watches w
WHERE w.kind = 'page' AND NOT EXISTS (SELECT 1 FROM relative_paths p WHERE p.id = w.target_id);
