CREATE TABLE "invited_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "invited_accounts_email_lower_check" CHECK ("invited_accounts"."email" = lower("invited_accounts"."email"))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by_user_id" integer,
	"last_sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_pkey" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "invited_accounts" ADD CONSTRAINT "invited_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invited_accounts_email_key" ON "invited_accounts" USING btree ("email");