-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Issues 28 and 34 (decision 0113): the change feed without NOTIFY. Every trigger of the change
-- feed (0005, 0040 and the tables added since) announced its change with pg_notify. A transaction
-- that notified takes one database-wide lock at commit and holds it until its commit record is
-- flushed (PreCommit_Notify in PostgreSQL's async.c), so every write of every server copy
-- committed one after another, each waiting for its own WAL flush: under the mixed load 7.5
-- connections on average waited on that lock (Lock:object, pg_database 0).
-- Changes are now rows of change_log, written in the writer's transaction (so they exist exactly
-- when it commits) and read by every server copy's feed by transaction id: a read returns the
-- rows of the transactions that committed since its previous read's snapshot (their xid at or
-- above that snapshot's xmax, or among its running xids), whatever the order of their commits.
-- Commits share WAL flushes again. UNLOGGED: a crash empties it, and every copy forgets what it
-- derived when its connection drops anyway; it is no data to back up (the backup copies only
-- permanent tables). Not in the drizzle schema: drizzle cannot declare an unlogged table, and
-- only the feed's SQL reads it. Rows are pruned by the feeds a minute or more after their
-- transaction ended (apps/server/src/changes/change-feed.ts).
CREATE UNLOGGED TABLE change_log (
  id bigint GENERATED ALWAYS AS IDENTITY,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  tbl text NOT NULL,
  key text NOT NULL
);
--> statement-breakpoint
CREATE INDEX change_log_xid_id_idx ON change_log (xid, id);
--> statement-breakpoint
-- Announces that rows behind <p_table> keyed <p_key> changed (the key may be empty: any row).
CREATE OR REPLACE FUNCTION waymark_announce_change(p_table text, p_key text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO change_log (tbl, key) VALUES (p_table, coalesce(p_key, ''));
$$;
--> statement-breakpoint
-- As in 0040, announced in change_log instead of by pg_notify. Identical announcements of one
-- transaction are no longer folded by PostgreSQL: the feed folds those of one read.
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
    INSERT INTO change_log (tbl, key) VALUES (TG_TABLE_NAME, coalesce(new_key, ''));
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND old_key IS DISTINCT FROM new_key) THEN
    INSERT INTO change_log (tbl, key) VALUES (TG_TABLE_NAME, coalesce(old_key, ''));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- As in 0019, its wake-up announced in change_log.
CREATE OR REPLACE FUNCTION waymark_webhook_enqueue(
  p_event text, p_item jsonb, p_actor int, p_extra jsonb
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_item_id int := (p_item ->> 'id')::int;
  v_project_id int := (p_item ->> 'project_id')::int;
  v_org_id int;
  v_data jsonb;
BEGIN
  SELECT org_id INTO v_org_id FROM projects WHERE id = v_project_id;
  IF v_org_id IS NULL OR NOT EXISTS (
    SELECT 1 FROM webhook_endpoints e
    WHERE e.org_id = v_org_id AND e.is_enabled AND p_event = ANY (e.events)
  ) THEN
    RETURN;
  END IF;
  v_data := jsonb_build_object(
    'organizationId', v_org_id,
    'item', waymark_webhook_item(p_item),
    'actor', (SELECT jsonb_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name))
              FROM users u WHERE u.id = p_actor)
  ) || coalesce(p_extra, '{}'::jsonb);
  INSERT INTO webhook_deliveries (endpoint_id, item_id, event_type, message_id, payload)
  SELECT e.id, v_item_id, p_event, 'msg_' || replace(gen_random_uuid()::text, '-', ''),
         jsonb_build_object(
           'type', p_event,
           'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'data', v_data)
  FROM webhook_endpoints e
  WHERE e.org_id = v_org_id AND e.is_enabled AND p_event = ANY (e.events)
    AND (e.project_id IS NULL OR e.project_id = v_project_id)
    AND (p_event <> 'item.updated' OR NOT EXISTS (
      SELECT 1 FROM webhook_deliveries d
      WHERE d.endpoint_id = e.id AND d.item_id = v_item_id
        AND d.event_type = 'item.updated' AND d.txid = txid_current()))
  ORDER BY e.id;
  PERFORM waymark_announce_change('webhook_deliveries', v_org_id::text);
END;
$$;
