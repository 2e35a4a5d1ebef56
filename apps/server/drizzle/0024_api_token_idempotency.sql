ALTER TABLE "api_tokens" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "sealed_secret" text;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_idempotency_key_hash_key" ON "api_tokens" USING btree ("idempotency_key_hash");