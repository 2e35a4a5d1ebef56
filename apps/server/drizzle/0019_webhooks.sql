CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"endpoint_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"message_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"response_excerpt" text,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_endpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"project_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"secret_version" integer DEFAULT 1 NOT NULL,
	"previous_secret_ciphertext" text,
	"previous_secret_until" timestamp with time zone,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_kind_check" CHECK ("webhook_endpoints"."kind" in ('webhook', 'slack'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_lane_idx" ON "webhook_deliveries" USING btree ("endpoint_id","item_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_org_id_idx" ON "webhook_endpoints" USING btree ("org_id");--> statement-breakpoint
-- hand-written:
-- Issue 30: every item, note and attachment change writes its webhook deliveries in its own
-- transaction, one row per enabled endpoint of the organization that wants the event (and whose
-- project filter matches), so an event exists exactly when the change committed and the items
-- module needs no knowledge of integrations. The payload is a snapshot taken now: a later
-- rename or delete does not change what was sent. One `item.updated` per item and endpoint per
-- transaction, however many fields changed. docs/integrations.md describes the shape.
CREATE OR REPLACE FUNCTION waymark_webhook_item(p_item jsonb) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', (p_item ->> 'id')::int,
    'title', p_item ->> 'title',
    'type', (SELECT t.description FROM item_types t WHERE t.id = (p_item ->> 'item_type_id')::int),
    'status', (SELECT s.description FROM item_statuses s WHERE s.id = (p_item ->> 'item_status_id')::int),
    'project', (SELECT jsonb_build_object('id', p.id, 'name', p.name) FROM projects p
                WHERE p.id = (p_item ->> 'project_id')::int),
    'path', (SELECT rp.path FROM relative_paths rp WHERE rp.id = (p_item ->> 'relative_path_id')::int),
    'pageUrl', (SELECT rtrim(a.base_url, '/') || rp.path FROM associated_sites a
                JOIN relative_paths rp ON rp.id = (p_item ->> 'relative_path_id')::int
                WHERE a.project_id = (p_item ->> 'project_id')::int ORDER BY a.id LIMIT 1),
    'assignee', (SELECT jsonb_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name))
                 FROM users u WHERE u.id = (p_item ->> 'assignee_user_id')::int),
    'createdAt', p_item -> 'created_at'
  );
$$;
--> statement-breakpoint
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
  PERFORM pg_notify('waymark_changes', 'webhook_deliveries:' || v_org_id);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_webhook_on_item() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM waymark_webhook_enqueue('item.created', to_jsonb(NEW), NEW.created_by, NULL);
  ELSE
    -- The one who deletes is named by the transaction (items module, deleteItem), when it says.
    PERFORM waymark_webhook_enqueue('item.deleted', to_jsonb(OLD),
      nullif(current_setting('waymark.actor_user_id', true), '')::int, NULL);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_webhooks AFTER INSERT OR DELETE ON items
  FOR EACH ROW EXECUTE FUNCTION waymark_webhook_on_item();
--> statement-breakpoint
-- Updates are read from the item's history: it names who changed which field, and a status
-- change gets its own event with the status before and after.
CREATE OR REPLACE FUNCTION waymark_webhook_on_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
BEGIN
  IF NEW.field IN ('created', 'attachments') THEN
    RETURN NULL;
  END IF;
  SELECT to_jsonb(i) INTO v_item FROM items i WHERE i.id = NEW.item_id;
  IF v_item IS NULL THEN
    RETURN NULL;
  END IF;
  IF NEW.field = 'itemStatus' THEN
    PERFORM waymark_webhook_enqueue('item.status_changed', v_item, NEW.user_id,
      jsonb_build_object('change', jsonb_build_object('from', NEW.before, 'to', NEW.after)));
  ELSE
    PERFORM waymark_webhook_enqueue('item.updated', v_item, NEW.user_id, NULL);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_history_webhooks AFTER INSERT ON item_history
  FOR EACH ROW EXECUTE FUNCTION waymark_webhook_on_history();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_webhook_on_note() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
BEGIN
  SELECT to_jsonb(i) INTO v_item FROM items i WHERE i.id = NEW.item_id;
  PERFORM waymark_webhook_enqueue('note.added', v_item, NEW.author_user_id,
    jsonb_build_object('note', jsonb_build_object('id', NEW.id, 'text', NEW.text)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_notes_webhooks AFTER INSERT ON item_notes
  FOR EACH ROW EXECUTE FUNCTION waymark_webhook_on_note();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_webhook_on_attachment() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
BEGIN
  SELECT to_jsonb(i) INTO v_item FROM items i WHERE i.id = NEW.item_id;
  PERFORM waymark_webhook_enqueue('attachment.added', v_item, NEW.uploaded_by,
    jsonb_build_object('attachment', jsonb_build_object('id', NEW.id, 'fileName', NEW.file_name,
      'contentType', NEW.content_type, 'sizeBytes', NEW.size_bytes)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_attachments_webhooks AFTER INSERT ON item_attachments
  FOR EACH ROW EXECUTE FUNCTION waymark_webhook_on_attachment();
