-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issue 27's watches name an item or a page (relative path) by id, with no foreign key: a kind
-- column picks the table (decision 0122). Deleting an item or a path left its
-- watch rows behind, and a path merged into another (a rename onto an existing path, or a
-- canonical link accepted) dropped its watchers silently: the items moved to the target page,
-- whose watchers did not include them. Now, when items or paths are deleted, their watches go
-- with them; a path deleted by a merge (which names itself in the transaction's
-- waymark.path_merge setting) hands its page watches to the path it merged into, where a
-- watcher's own choice on the target (watching or an explicit unwatch) wins.
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
DECLARE
  -- '<merged path id>:<path it merged into>', set for its transaction by the merge that deletes
  -- the path (items module, markPathMerge). An alias at the deleted address is no sign of a
  -- merge: a path recorded again at a renamed address is a page of its own, and deleting it
  -- forgets its watchers.
  v_merge text := nullif(current_setting('waymark.path_merge', true), '');
  v_source int := split_part(v_merge, ':', 1)::int;
  v_target int := split_part(v_merge, ':', 2)::int;
BEGIN
  IF v_merge IS NOT NULL THEN
    INSERT INTO watches (user_id, project_id, kind, target_id, is_watching, is_automatic, created_at)
    SELECT w.user_id, w.project_id, 'page', v_target, w.is_watching, w.is_automatic, w.created_at
    FROM gone_paths g
    JOIN relative_paths target ON target.id = v_target AND target.project_id = g.project_id
    JOIN watches w ON w.kind = 'page' AND w.target_id = g.id
    WHERE g.id = v_source
    ON CONFLICT DO NOTHING;
  END IF;
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
