CREATE TABLE "tracker_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracker_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"target" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_ciphertext" text NOT NULL,
	"webhook_secret_ciphertext" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_connections_vendor_check" CHECK ("tracker_connections"."vendor" in ('github'))
);
--> statement-breakpoint
CREATE TABLE "tracker_deliveries" (
	"connection_id" integer NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_deliveries_pkey" PRIMARY KEY("connection_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "tracker_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracker_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"status" text NOT NULL,
	"marker" uuid DEFAULT gen_random_uuid() NOT NULL,
	"claimed_until" timestamp with time zone,
	"issue_key" text,
	"issue_ref" text,
	"issue_label" text,
	"url" text,
	"state" text,
	"state_label" text,
	"assignee" text,
	"issue_updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_links_item_id_key" UNIQUE("item_id"),
	CONSTRAINT "tracker_links_status_check" CHECK ("tracker_links"."status" in ('creating', 'linked'))
);
--> statement-breakpoint
CREATE TABLE "tracker_state_map" (
	"org_id" integer NOT NULL,
	"tracker_state" text NOT NULL,
	"item_status_id" integer,
	CONSTRAINT "tracker_state_map_pkey" PRIMARY KEY("org_id","tracker_state"),
	CONSTRAINT "tracker_state_map_state_check" CHECK ("tracker_state_map"."tracker_state" in ('open', 'done', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD CONSTRAINT "tracker_connections_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD CONSTRAINT "tracker_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_deliveries" ADD CONSTRAINT "tracker_deliveries_connection_id_tracker_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."tracker_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_links" ADD CONSTRAINT "tracker_links_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_links" ADD CONSTRAINT "tracker_links_connection_id_tracker_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."tracker_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_links" ADD CONSTRAINT "tracker_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_state_map" ADD CONSTRAINT "tracker_state_map_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_state_map" ADD CONSTRAINT "tracker_state_map_item_status_id_item_statuses_id_fk" FOREIGN KEY ("item_status_id") REFERENCES "public"."item_statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_connections_org_target_key" ON "tracker_connections" USING btree ("org_id","vendor",lower("target"));--> statement-breakpoint
CREATE INDEX "tracker_deliveries_received_at_idx" ON "tracker_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_links_issue_key_key" ON "tracker_links" USING btree ("issue_key");--> statement-breakpoint
CREATE INDEX "tracker_links_connection_id_idx" ON "tracker_links" USING btree ("connection_id");--> statement-breakpoint
-- hand-written:
-- Issue 30: an item's tracker issue shows in open side panels live. A link created, removed, or
-- changed in what it shows (state, assignee, creation finished) records a live event of its item;
-- a reconciliation poll that only refreshes synced_at records none.
CREATE TRIGGER tracker_links_live_insert_delete AFTER INSERT OR DELETE ON tracker_links
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
--> statement-breakpoint
CREATE TRIGGER tracker_links_live_update AFTER UPDATE ON tracker_links
  FOR EACH ROW
  WHEN ((OLD.status, OLD.issue_label, OLD.url, OLD.state, OLD.state_label, OLD.assignee)
    IS DISTINCT FROM (NEW.status, NEW.issue_label, NEW.url, NEW.state, NEW.state_label, NEW.assignee))
  EXECUTE FUNCTION waymark_record_live_event('child', 'item_id');
