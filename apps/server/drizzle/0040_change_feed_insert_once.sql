-- Custom migration: no schema change; the function below is all of it.
-- hand-written:
-- Issue 34: an INSERT announced its table twice, with its key and again with the "old key" an
-- insert does not have ('<table>:' with an empty key, since NULL IS DISTINCT FROM the new key).
-- A change without a key means "could be any row", so every item created, note added or live
-- event recorded made the page lookup's path cache forget every page (decision 0077). An insert
-- now announces its new key only; updates and deletes are announced as before (an update that
-- moves the key announces the old one too, a delete its old key even when it is empty).
CREATE OR REPLACE FUNCTION waymark_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_key text := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) ->> TG_ARGV[0] END;
  old_key text := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) ->> TG_ARGV[0] END;
BEGIN
  IF TG_NARGS > 1 AND TG_ARGV[1] = 'item' THEN
    IF new_key IS NOT NULL THEN
      SELECT relative_path_id::text INTO new_key FROM items WHERE id = new_key::int;
    END IF;
    IF old_key IS NOT NULL THEN
      SELECT relative_path_id::text INTO old_key FROM items WHERE id = old_key::int;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('waymark_changes', TG_TABLE_NAME || ':' || coalesce(new_key, ''));
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND old_key IS DISTINCT FROM new_key) THEN
    PERFORM pg_notify('waymark_changes', TG_TABLE_NAME || ':' || coalesce(old_key, ''));
  END IF;
  RETURN NULL;
END;
$$;
