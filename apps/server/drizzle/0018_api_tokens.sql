CREATE TABLE "api_rate_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"project_ids" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_rate_counters_key_window_key" ON "api_rate_counters" USING btree ("key","window_start");--> statement-breakpoint
CREATE INDEX "api_rate_counters_window_idx" ON "api_rate_counters" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_secret_hash_key" ON "api_tokens" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens" USING btree ("user_id") WHERE "api_tokens"."kind" = 'pat';--> statement-breakpoint
CREATE INDEX "api_tokens_org_id_idx" ON "api_tokens" USING btree ("org_id");--> statement-breakpoint
-- hand-written:
-- Issue 29: a revoked, re-scoped or deleted token is announced on the change feed (key: its id),
-- so every server copy forgets it within a second. last_used_at updates are not announced.
CREATE TRIGGER api_tokens_changed AFTER UPDATE OF revoked_at, expires_at, scopes, project_ids OR DELETE ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('id');
