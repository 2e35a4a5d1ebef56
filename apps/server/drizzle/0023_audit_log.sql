CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"actor_label" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "audit_events_org_id_idx" ON "audit_events" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
-- hand-written:
-- Issue 33: the audit log is append-only for the application itself. UPDATE and TRUNCATE are
-- refused; DELETE only of rows older than the instant the retention purge names in its own
-- transaction (SET LOCAL waymark.audit_purge), so no code path can quietly drop a recent row.
CREATE FUNCTION waymark_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('waymark.audit_purge', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' AND OLD.at < cutoff::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION waymark_audit_append_only();
--> statement-breakpoint
CREATE FUNCTION waymark_audit_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (TRUNCATE)' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION waymark_audit_no_truncate();
