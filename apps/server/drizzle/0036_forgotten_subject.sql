ALTER TABLE "users" ADD COLUMN "forgotten_subject_hash" text;--> statement-breakpoint
CREATE INDEX "users_forgotten_subject_hash_idx" ON "users" USING btree ("forgotten_subject_hash");