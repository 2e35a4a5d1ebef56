CREATE TABLE "item_pins" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"selectors" jsonb NOT NULL,
	"label" jsonb NOT NULL,
	"pinned_by" integer,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_pins" ADD CONSTRAINT "item_pins_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pins" ADD CONSTRAINT "item_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue 15: pins are part of what a page shows, so the change feed (0005) announces them keyed by
-- the item's relative path, as for tags, notes and the other item tables.
CREATE TRIGGER item_pins_changed AFTER INSERT OR UPDATE OR DELETE ON item_pins
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('item_id', 'item');
