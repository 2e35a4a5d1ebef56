CREATE TABLE "mail_budget_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_budget_counters_pkey" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "mail_budget_counters_window_idx" ON "mail_budget_counters" USING btree ("window_start");
-- Decision 0137: the per-organization mail budget, counted per UTC day (mail module).
