-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it, also on managed services.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "items_title_trgm_idx" ON "items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_tags_tag_trgm_idx" ON "item_tags" USING gin ("tag" gin_trgm_ops);