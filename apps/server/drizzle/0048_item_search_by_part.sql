-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issues 28 and 34 (decision 0124): a note, a tag or an attachment refreshed its item's whole
-- search row — the description's regular expressions, the tags', notes' and attachments'
-- aggregates — though only one of those parts could have changed. Under the mixed load that
-- refresh was 40 % of a note's database time. Each child table now refreshes its own column
-- (and the organization's language) only; the item's own columns (title, description) keep the
-- whole refresh, which also creates the row. Same item row lock first, so concurrent writes to
-- one item still refresh one after the other and the last sees them all.
-- The trigger reads the item id from NEW and OLD directly, not through to_jsonb of the row.
CREATE OR REPLACE FUNCTION waymark_refresh_item_search_part(p_item_id integer, p_part text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM items WHERE id = p_item_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    -- Deleted with its item: the search row went by its foreign key.
    RETURN;
  END IF;
  -- The organization's language too, as the whole refresh writes it: an item indexed while its
  -- organization changed language (the language's re-index cannot see a row not yet committed)
  -- takes the current one at its next note, tag or attachment. Three static statements, not one
  -- EXECUTE format(…): each keeps its cached plan instead of being planned on every call.
  IF p_part = 'notes' THEN
    UPDATE item_search s SET notes = v.text, search_config = o.search_language
    FROM (SELECT coalesce(string_agg(n.text, E'\n' ORDER BY n.id), '') AS text
          FROM item_notes n WHERE n.item_id = p_item_id) v,
      projects p JOIN organizations o ON o.id = p.org_id
    WHERE s.item_id = p_item_id AND p.id = s.project_id
      AND (s.notes, s.search_config) IS DISTINCT FROM (v.text, o.search_language);
  ELSIF p_part = 'tags' THEN
    UPDATE item_search s SET tags = v.text, search_config = o.search_language
    FROM (SELECT coalesce(string_agg(t.tag, ' ' ORDER BY t.position), '') AS text
          FROM item_tags t WHERE t.item_id = p_item_id) v,
      projects p JOIN organizations o ON o.id = p.org_id
    WHERE s.item_id = p_item_id AND p.id = s.project_id
      AND (s.tags, s.search_config) IS DISTINCT FROM (v.text, o.search_language);
  ELSIF p_part = 'attachments' THEN
    UPDATE item_search s SET attachment_names = v.text, search_config = o.search_language
    FROM (SELECT coalesce(string_agg(a.file_name, ' ' ORDER BY a.id), '') AS text
          FROM item_attachments a WHERE a.item_id = p_item_id) v,
      projects p JOIN organizations o ON o.id = p.org_id
    WHERE s.item_id = p_item_id AND p.id = s.project_id
      AND (s.attachment_names, s.search_config) IS DISTINCT FROM (v.text, o.search_language);
  ELSE
    RAISE EXCEPTION 'waymark_refresh_item_search_part: unknown part %', p_part;
  END IF;
  IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM item_search WHERE item_id = p_item_id) THEN
    -- No row to update (never expected: the item's insert writes it): write the whole row.
    PERFORM waymark_refresh_item_search(p_item_id);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_item_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_id integer;
  old_id integer;
  -- The part each child table feeds (the triggers of 0017 are kept as they are).
  part text := CASE TG_TABLE_NAME WHEN 'item_notes' THEN 'notes' WHEN 'item_tags' THEN 'tags'
    WHEN 'item_attachments' THEN 'attachments' END;
BEGIN
  IF TG_TABLE_NAME = 'items' THEN
    -- INSERT or UPDATE OF title, description_html, project_id: the whole row.
    PERFORM waymark_refresh_item_search(NEW.id);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN new_id := NEW.item_id; END IF;
  IF TG_OP <> 'INSERT' THEN old_id := OLD.item_id; END IF;
  IF new_id IS NOT NULL THEN
    PERFORM waymark_refresh_item_search_part(new_id, part);
  END IF;
  IF old_id IS NOT NULL AND old_id IS DISTINCT FROM new_id THEN
    PERFORM waymark_refresh_item_search_part(old_id, part);
  END IF;
  RETURN NULL;
END;
$$;
