CREATE TABLE "project_url_rules" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"hash_routes" boolean DEFAULT false NOT NULL,
	"kept_params" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "url_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "url_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"pattern" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "recorded_path" text;--> statement-breakpoint
ALTER TABLE "project_url_rules" ADD CONSTRAINT "project_url_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_templates" ADD CONSTRAINT "url_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "url_templates_project_id_pattern_key" ON "url_templates" USING btree ("project_id","pattern");--> statement-breakpoint
-- hand-written:
-- Issue 31: every copy's cache of compiled URL rules forgets a project's rules when they change.
CREATE TRIGGER url_templates_changed AFTER INSERT OR UPDATE OR DELETE ON url_templates
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('project_id');
--> statement-breakpoint
CREATE TRIGGER project_url_rules_changed AFTER INSERT OR UPDATE OR DELETE ON project_url_rules
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('project_id');
