-- hand-written:
-- Issue 28 (found by the search bench's seed): waymark_refresh_item_search took one
-- transaction-scoped advisory lock per item, and advisory locks live in the shared lock table
-- (max_locks_per_transaction × connections, 6,400 by default): one statement inserting 100,000
-- items failed with "out of shared memory", and a 10,000-row CSV import came close. The refresh
-- now locks the item's own row instead (FOR NO KEY UPDATE: row locks are kept in the row, not
-- the lock table). Two transactions adding notes to one item still refresh one after the other
-- (a note's foreign key takes only FOR KEY SHARE, which does not conflict, so no deadlock), and
-- the second one's statements see the first one's committed note.
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
    notes = excluded.notes, attachment_names = excluded.attachment_names;
END;
$$;
