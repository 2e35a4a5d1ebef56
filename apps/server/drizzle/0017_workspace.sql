CREATE TABLE "item_search" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"search_config" "regconfig" DEFAULT 'english'::regconfig NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"attachment_names" text DEFAULT '' NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(search_config, title), 'A')
        || setweight(to_tsvector(search_config, tags), 'B')
        || setweight(to_tsvector(search_config, body), 'C')
        || setweight(to_tsvector(search_config, notes || ' ' || attachment_names), 'D')) STORED
);
--> statement-breakpoint
DROP INDEX "item_tags_tag_trgm_idx";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "search_language" "regconfig" DEFAULT 'english'::regconfig NOT NULL;--> statement-breakpoint
ALTER TABLE "item_search" ADD CONSTRAINT "item_search_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_search_document_idx" ON "item_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "item_search_project_id_idx" ON "item_search" USING btree ("project_id");--> statement-breakpoint
-- hand-written:
-- Issue 28: item_search is kept by the database. waymark_write_item_search(items) rewrites the
-- given items' rows from their sources in one statement (set-based, no lock of its own: the
-- backfill at the end of this file writes every item with it; ids must be distinct).
CREATE OR REPLACE FUNCTION waymark_write_item_search(p_item_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
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
  WHERE it.id = ANY (p_item_ids)
  ON CONFLICT (item_id) DO UPDATE SET
    project_id = excluded.project_id, search_config = excluded.search_config,
    title = excluded.title, tags = excluded.tags, body = excluded.body,
    notes = excluded.notes, attachment_names = excluded.attachment_names;
END;
$$;
--> statement-breakpoint
-- Each trigger below calls waymark_refresh_item_search(item). It first takes a
-- transaction-scoped advisory lock on (22028, item): two transactions adding notes to one item
-- refresh one after the other, and the second one's statements (READ COMMITTED, a new snapshot
-- per statement) see the first one's committed note — no note is lost from the index.
CREATE OR REPLACE FUNCTION waymark_refresh_item_search(p_item_id integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(22028, p_item_id);
  PERFORM waymark_write_item_search(ARRAY[p_item_id]);
END;
$$;
--> statement-breakpoint
-- Row triggers; TG_ARGV[0] names the column holding the item id. A child row deleted together
-- with its item finds no item to refresh (the item's search row goes by its foreign key).
CREATE OR REPLACE FUNCTION waymark_item_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_id integer := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE (to_jsonb(NEW) ->> TG_ARGV[0])::int END;
  old_id integer := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE (to_jsonb(OLD) ->> TG_ARGV[0])::int END;
BEGIN
  IF new_id IS NOT NULL THEN
    PERFORM waymark_refresh_item_search(new_id);
  END IF;
  IF old_id IS NOT NULL AND old_id IS DISTINCT FROM new_id THEN
    PERFORM waymark_refresh_item_search(old_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_search AFTER INSERT OR UPDATE OF title, description_html, project_id ON items
  FOR EACH ROW EXECUTE FUNCTION waymark_item_search_trigger('id');
--> statement-breakpoint
CREATE TRIGGER item_tags_search AFTER INSERT OR UPDATE OR DELETE ON item_tags
  FOR EACH ROW EXECUTE FUNCTION waymark_item_search_trigger('item_id');
--> statement-breakpoint
CREATE TRIGGER item_notes_search AFTER INSERT OR UPDATE OR DELETE ON item_notes
  FOR EACH ROW EXECUTE FUNCTION waymark_item_search_trigger('item_id');
--> statement-breakpoint
CREATE TRIGGER item_attachments_search AFTER INSERT OR UPDATE OR DELETE ON item_attachments
  FOR EACH ROW EXECUTE FUNCTION waymark_item_search_trigger('item_id');
--> statement-breakpoint
-- An organization choosing another language re-indexes its items: the generated document
-- follows search_config.
CREATE OR REPLACE FUNCTION waymark_org_search_language() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_search s SET search_config = NEW.search_language
  FROM projects p WHERE p.org_id = NEW.id AND s.project_id = p.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_search_language AFTER UPDATE OF search_language ON organizations
  FOR EACH ROW WHEN (OLD.search_language IS DISTINCT FROM NEW.search_language)
  EXECUTE FUNCTION waymark_org_search_language();
--> statement-breakpoint
-- The items recorded before this migration, in one statement and without the per-item advisory
-- lock: one lock per item overflowed the lock table (max_locks_per_transaction) past ~6,400 items
-- and the upgrade failed. No writer can race the backfill: the CREATE TRIGGERs above hold SHARE ROW
-- EXCLUSIVE on items, item_tags, item_notes and item_attachments until this migration commits.
SELECT waymark_write_item_search(ARRAY(SELECT id FROM items));
