ALTER TABLE "organizations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deletes_at" timestamp with time zone;--> statement-breakpoint
-- hand-written:
-- Issue 33 (decision 0057): the audit log stays append-only, with one more way out: the deletion
-- of a closed organization removes that organization's rows, when its transaction names it in
-- `waymark.audit_purge_org` (SET LOCAL) and the organization is still closed. The retention purge
-- keeps its own rule.
CREATE OR REPLACE FUNCTION waymark_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('waymark.audit_purge', true);
  purge_org text := current_setting('waymark.audit_purge_org', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' AND OLD.at < cutoff::timestamptz THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE' AND purge_org IS NOT NULL AND purge_org <> ''
     AND OLD.org_id = purge_org::integer
     AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.org_id AND o.closed_at IS NOT NULL) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
