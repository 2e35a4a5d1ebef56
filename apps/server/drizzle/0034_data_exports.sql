CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"status" text DEFAULT 'preparing' NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "data_exports_kind_check" CHECK ("data_exports"."kind" in ('personal', 'organization')),
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('preparing', 'ready', 'failed')),
	CONSTRAINT "data_exports_org_check" CHECK (("data_exports"."kind" = 'organization') = ("data_exports"."org_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_personal_preparing" ON "data_exports" USING btree ("user_id") WHERE kind = 'personal' and status = 'preparing';--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_organization_preparing" ON "data_exports" USING btree ("org_id") WHERE kind = 'organization' and status = 'preparing';--> statement-breakpoint
CREATE INDEX "data_exports_user_id_idx" ON "data_exports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "data_exports_org_id_idx" ON "data_exports" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "data_exports_expires_at_idx" ON "data_exports" USING btree ("expires_at");