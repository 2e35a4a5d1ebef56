-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issue 34: a create of an item with tags refreshed its search row once per row written — the
-- item's insert and each tag's — and every refresh after the first rewrote the same row: a new
-- tuple, its two tsvectors computed again, WAL, a dead tuple for vacuum. All of them run after
-- the create's one statement (decision 0083) and see every row of it, so the later ones find
-- nothing to change. The refresh now writes only when the row it computes differs from the one
-- stored; still under the item's row lock (0025), so concurrent changes of one item keep
-- refreshing one after the other and the last one sees them all.
CREATE OR REPLACE FUNCTION waymark_refresh_item_search(p_item_id integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM items WHERE id = p_item_id FOR NO KEY UPDATE;
  INSERT INTO item_search AS s (item_id, project_id, search_config, title, tags, body, notes, attachment_names)
  SELECT it.id, it.project_id, o.search_language, it.title,
    coalesce((SELECT string_agg(t.tag, ' ' ORDER BY t.position) FROM item_tags t WHERE t.item_id = it.id), ''),
    -- Block tags become spaces (words either side stay apart), inline tags nothing ("un<b>seen</b>"
    -- is one word); then the entities the sanitizer writes are decoded, '&amp;' last so
    -- '&amp;lt;' stays the text '&lt;', and runs of white space become one.
    trim(regexp_replace(
      replace(replace(replace(replace(replace(replace(
        regexp_replace(
          regexp_replace(it.description_html,
            '<(/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|hr)\M)[^>]*>', ' ', 'gi'),
          '<[^>]*>', '', 'g'),
        '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
      '\s+', ' ', 'g')),
    coalesce((SELECT string_agg(n.text, E'\n' ORDER BY n.id) FROM item_notes n WHERE n.item_id = it.id), ''),
    coalesce((SELECT string_agg(a.file_name, ' ' ORDER BY a.id) FROM item_attachments a WHERE a.item_id = it.id), '')
  FROM items it
  JOIN projects p ON p.id = it.project_id
  JOIN organizations o ON o.id = p.org_id
  WHERE it.id = p_item_id
  ON CONFLICT (item_id) DO UPDATE SET
    project_id = excluded.project_id, search_config = excluded.search_config,
    title = excluded.title, tags = excluded.tags, body = excluded.body,
    notes = excluded.notes, attachment_names = excluded.attachment_names
  WHERE (s.project_id, s.search_config, s.title, s.tags, s.body, s.notes, s.attachment_names)
    IS DISTINCT FROM (excluded.project_id, excluded.search_config, excluded.title, excluded.tags,
      excluded.body, excluded.notes, excluded.attachment_names);
END;
$$;
