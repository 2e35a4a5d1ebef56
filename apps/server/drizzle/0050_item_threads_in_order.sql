DROP INDEX "item_notes_item_id_idx";--> statement-breakpoint
DROP INDEX "item_history_item_id_idx";--> statement-breakpoint
CREATE INDEX "item_notes_item_id_idx" ON "item_notes" USING btree ("item_id","created_at","id");--> statement-breakpoint
CREATE INDEX "item_history_item_id_idx" ON "item_history" USING btree ("item_id","created_at","id");-- Decision 0138: an item's newest notes and history, and each earlier page, are one index range.
