DROP INDEX "item_search_document_idx";--> statement-breakpoint
DROP INDEX "item_search_title_idx";--> statement-breakpoint
CREATE INDEX "item_search_document_idx" ON "item_search" USING gin ("document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "item_search_title_idx" ON "item_search" USING gin (to_tsvector("search_config", "title")) WITH (fastupdate=false);