CREATE TABLE "billing_accounts" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"scheduled_plan_id" integer,
	"scheduled_effective_at" timestamp with time zone,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"customer_id" text,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_credit_check" CHECK ("billing_accounts"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"period" text NOT NULL,
	"purpose" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"plan_id" integer NOT NULL,
	"license_count" integer NOT NULL,
	"license_delta" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"credit_applied_cents" integer DEFAULT 0 NOT NULL,
	"charged_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"description" text NOT NULL,
	"card_description" text,
	"gateway_payment_id" text,
	"client_secret" text,
	"failure_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "billing_charges_status_check" CHECK ("billing_charges"."status" in ('pending', 'succeeded', 'failed', 'requires_action')),
	CONSTRAINT "billing_charges_amounts_check" CHECK ("billing_charges"."amount_cents" >= 0 and "billing_charges"."credit_applied_cents" >= 0 and "billing_charges"."charged_cents" = "billing_charges"."amount_cents" - "billing_charges"."credit_applied_cents")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_method_id" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_payment_method_id_key" ON "billing_accounts" USING btree ("payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_idempotency_key_key" ON "billing_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_org_period_purpose_key" ON "billing_charges" USING btree ("org_id","period","purpose");--> statement-breakpoint
CREATE INDEX "billing_charges_due_idx" ON "billing_charges" USING btree ("status","next_attempt_at");