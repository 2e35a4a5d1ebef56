-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Decision 0151: one item.updated delivery per endpoint, item and transaction (0019) without a
-- probe a plan can turn into a scan, as 0053 did for live events. waymark_webhook_enqueue looked
-- for the transaction's delivery with NOT EXISTS; PL/pgSQL keeps that plan for the session, and
-- made while webhook_deliveries was analyzed empty it read every delivery the transaction had
-- queued, for each item: with an endpoint subscribed to item.updated, 2,000-item batches of one
-- transaction took 0.95, 1.5, 2.0, 2.6, 3.0 s — a re-home or import of 100,000 items would pass
-- the long statement limit. The check is now the unique index's own (ON CONFLICT DO NOTHING).
-- The rule kept every delivery unique on this key already; the first of any repeat is kept.
DELETE FROM "webhook_deliveries" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "endpoint_id", "item_id", "txid" ORDER BY "id"
    ) AS "n"
    FROM "webhook_deliveries" WHERE "event_type" = 'item.updated'
  ) AS "repeated" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_updated_once_key" ON "webhook_deliveries" USING btree ("endpoint_id","item_id","txid") WHERE "webhook_deliveries"."event_type" = 'item.updated';--> statement-breakpoint
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
  ORDER BY e.id
  ON CONFLICT (endpoint_id, item_id, txid) WHERE event_type = 'item.updated' DO NOTHING;
  PERFORM waymark_announce_change('webhook_deliveries', v_org_id::text);
END;
$$;
