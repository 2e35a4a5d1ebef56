CREATE TABLE "relative_path_aliases" (
	"project_id" integer NOT NULL,
	"path" text NOT NULL,
	"relative_path_id" integer NOT NULL,
	CONSTRAINT "relative_path_aliases_project_id_path_pk" PRIMARY KEY("project_id","path")
);
--> statement-breakpoint
ALTER TABLE "relative_path_aliases" ADD CONSTRAINT "relative_path_aliases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relative_path_aliases" ADD CONSTRAINT "relative_path_aliases_relative_path_id_relative_paths_id_fk" FOREIGN KEY ("relative_path_id") REFERENCES "public"."relative_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relative_path_aliases_relative_path_id_idx" ON "relative_path_aliases" USING btree ("relative_path_id");