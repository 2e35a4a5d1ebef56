-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Decision 0153: a new install's first large import was quadratic. waymark_fan_out found an
-- item's watchers with one join whose condition OR-ed the three kinds of watch; no index serves
-- that OR, so its plan — kept by PL/pgSQL for the session — scanned the watches table (or, made
-- on a grown table, every watch of the user through watches_user_id_idx) for each change: an
-- import of 1,000 rows read 500,500 watches, 3,000 rows 4.5 million. The item is now read once
-- into variables and each kind of watch is its own lookup on the primary key (kind, target_id,
-- user_id), a plan no statistics turn into a scan of the table once it has grown. Same
-- recipients, preferences and mail choice as 0016.
CREATE OR REPLACE FUNCTION waymark_fan_out(
  p_item_id integer, p_actor integer, p_event text, p_note_id integer, p_detail text,
  p_only integer[], p_exclude integer[]
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
  v_project_id integer;
  v_path_id integer;
  v_org_id integer;
BEGIN
  SELECT i.project_id, i.relative_path_id, p.org_id INTO v_project_id, v_path_id, v_org_id
  FROM items i JOIN projects p ON p.id = i.project_id WHERE i.id = p_item_id;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  WITH candidates AS (
    SELECT DISTINCT u AS user_id FROM unnest(p_only) AS u WHERE p_only IS NOT NULL
    UNION
    SELECT w.user_id FROM watches w
    WHERE p_only IS NULL AND w.kind = 'item' AND w.target_id = p_item_id AND w.is_watching
    UNION
    SELECT w.user_id FROM watches w
    WHERE p_only IS NULL AND w.kind = 'page' AND w.target_id = v_path_id AND w.is_watching
      AND NOT EXISTS (
        SELECT 1 FROM watches m
        WHERE m.kind = 'item' AND m.target_id = p_item_id AND m.user_id = w.user_id
          AND NOT m.is_watching)
    UNION
    SELECT w.user_id FROM watches w
    WHERE p_only IS NULL AND w.kind = 'project' AND w.target_id = v_project_id AND w.is_watching
      AND NOT EXISTS (
        SELECT 1 FROM watches m
        WHERE m.kind = 'item' AND m.target_id = p_item_id AND m.user_id = w.user_id
          AND NOT m.is_watching)
  ), recipients AS (
    SELECT c.user_id FROM candidates c
    WHERE c.user_id IS DISTINCT FROM p_actor
      AND NOT (c.user_id = ANY (coalesce(p_exclude, '{}')))
      AND EXISTS (
        SELECT 1 FROM org_members om
        WHERE om.org_id = v_org_id AND om.user_id = c.user_id AND om.status = 'Active'
          AND (om.access_level_id = 1 OR EXISTS (
            SELECT 1 FROM project_access pa
            WHERE pa.project_id = v_project_id AND pa.user_id = c.user_id)))
  ), chosen AS (
    SELECT r.user_id,
      coalesce(pp.is_enabled, ap.is_enabled, true) AS is_enabled,
      CASE
        WHEN coalesce(s.is_email_off, false) THEN 'none'
        WHEN coalesce(pp.email, ap.email,
          CASE WHEN p_event IN ('mention', 'assigned') THEN 'immediate' ELSE 'digest' END) = 'off'
          THEN 'none'
        ELSE coalesce(pp.email, ap.email,
          CASE WHEN p_event IN ('mention', 'assigned') THEN 'immediate' ELSE 'digest' END)
      END AS mail
    FROM recipients r
    LEFT JOIN notification_prefs pp
      ON pp.user_id = r.user_id AND pp.project_id = v_project_id AND pp.event = p_event
    LEFT JOIN notification_prefs ap
      ON ap.user_id = r.user_id AND ap.project_id = 0 AND ap.event = p_event
    LEFT JOIN notification_settings s ON s.user_id = r.user_id
  )
  INSERT INTO inbox_entries (user_id, project_id, item_id, event, actor_user_id, note_id, detail, mail)
  SELECT user_id, v_project_id, p_item_id, p_event, p_actor, p_note_id, p_detail, mail
  FROM chosen WHERE is_enabled ORDER BY user_id;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END;
$$;
