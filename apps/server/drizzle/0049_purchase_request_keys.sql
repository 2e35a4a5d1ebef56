CREATE TABLE "billing_request_keys" (
	"org_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"fingerprint" text NOT NULL,
	"charge_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_request_keys_org_id_key_hash_pk" PRIMARY KEY("org_id","key_hash")
);
--> statement-breakpoint
ALTER TABLE "billing_request_keys" ADD CONSTRAINT "billing_request_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_request_keys" ADD CONSTRAINT "billing_request_keys_charge_id_billing_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."billing_charges"("id") ON DELETE cascade ON UPDATE no action;
-- Decision 0131. drizzle-kit also proposed live_events_fold_idx here: 0046 made it by hand (no
-- snapshot then), so it is left out; 0049_snapshot.json has it, as the schema does.
