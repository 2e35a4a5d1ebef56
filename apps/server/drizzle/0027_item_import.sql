CREATE TABLE "item_import_keys" (
	"project_id" integer NOT NULL,
	"import_key" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_import_keys_project_id_import_key_pk" PRIMARY KEY("project_id","import_key")
);
--> statement-breakpoint
ALTER TABLE "item_import_keys" ADD CONSTRAINT "item_import_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_import_keys" ADD CONSTRAINT "item_import_keys_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_import_keys_item_id_idx" ON "item_import_keys" USING btree ("item_id");