-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issue 27: @mentions in an item's description. The ids an HTML or plain text mentions
-- (`@[user:ID]`), distinct; ids too long for an integer are no user and are left out.
CREATE OR REPLACE FUNCTION waymark_mention_ids(p_text text) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT m[1]::integer ORDER BY m[1]::integer), '{}')
  FROM regexp_matches(coalesce(p_text, ''), '@\[user:(\d{1,9})\]', 'g') AS m
$$;
--> statement-breakpoint
-- The people `p_after` mentions and `p_before` did not, who can use the item's project now,
-- watch the item and get one `mention` notification (detail 'description'); answers them. Those
-- who cannot see the project are stored in the text only (the author is told by the item's
-- answer); an edit never tells someone a second time.
CREATE OR REPLACE FUNCTION waymark_notify_description_mentions(
  p_item_id integer, p_actor integer, p_before text, p_after text
) RETURNS integer[]
LANGUAGE plpgsql AS $$
DECLARE
  seeing integer[];
  mentioned integer;
BEGIN
  SELECT coalesce(array_agg(u ORDER BY u), '{}') INTO seeing
  FROM unnest(waymark_mention_ids(p_after)) AS u, items i JOIN projects p ON p.id = i.project_id
  WHERE i.id = p_item_id
    AND NOT (u = ANY (waymark_mention_ids(p_before)))
    AND EXISTS (
      SELECT 1 FROM org_members om
      WHERE om.org_id = p.org_id AND om.user_id = u AND om.status = 'Active'
        AND (om.access_level_id = 1 OR EXISTS (
          SELECT 1 FROM project_access pa WHERE pa.project_id = i.project_id AND pa.user_id = u)));
  IF cardinality(seeing) = 0 THEN
    RETURN seeing;
  END IF;
  FOREACH mentioned IN ARRAY seeing LOOP
    PERFORM waymark_auto_watch(p_item_id, mentioned);
  END LOOP;
  PERFORM waymark_fan_out(p_item_id, p_actor, 'mention', NULL, 'description', seeing, NULL);
  RETURN seeing;
END;
$$;
--> statement-breakpoint
-- 0016's trigger function, now also for the description: on creation its mentions (who are then
-- not told again as page or project watchers), on a description change the newly mentioned.
CREATE OR REPLACE FUNCTION waymark_notify_item_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  assignee integer;
  description text;
  mentioned integer[];
BEGIN
  IF NEW.field NOT IN ('created', 'assignee', 'itemStatus', 'attachment', 'description') THEN
    RETURN NULL;
  END IF;
  SELECT assignee_user_id, description_html INTO assignee, description
  FROM items WHERE id = NEW.item_id;
  IF NEW.field = 'created' THEN
    PERFORM waymark_auto_watch(NEW.item_id, NEW.user_id);
    PERFORM waymark_auto_watch(NEW.item_id, assignee);
    IF assignee IS NOT NULL THEN
      PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'assigned', NULL, NULL, ARRAY[assignee], NULL);
    END IF;
    mentioned := waymark_notify_description_mentions(NEW.item_id, NEW.user_id, NULL, description);
    PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'itemCreated', NULL, NEW.after, NULL,
      mentioned || CASE WHEN assignee IS NULL THEN '{}'::integer[] ELSE ARRAY[assignee] END);
  ELSIF NEW.field = 'description' THEN
    PERFORM waymark_notify_description_mentions(NEW.item_id, NEW.user_id, NEW.before, NEW.after);
  ELSIF NEW.field = 'assignee' AND assignee IS NOT NULL THEN
    PERFORM waymark_auto_watch(NEW.item_id, assignee);
    PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'assigned', NULL, NULL, ARRAY[assignee], NULL);
  ELSIF NEW.field = 'itemStatus' THEN
    PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'status', NULL, NEW.after, NULL, NULL);
  ELSIF NEW.field = 'attachment' AND NEW.after IS NOT NULL THEN
    PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'attachment', NULL, NEW.after, NULL, NULL);
  END IF;
  RETURN NULL;
END;
$$;
