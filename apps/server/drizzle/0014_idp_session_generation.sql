-- Issue 24: a password reset ends the account's sessions at once. Access tokens carry the
-- account's session generation; a reset raises it, and the change feed (0005) tells every server
-- copy to forget the generation it cached, so the old tokens are refused on their next call.
ALTER TABLE "idp_accounts" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER idp_accounts_sessions_changed AFTER UPDATE OF session_generation OR DELETE ON idp_accounts
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_change('id');
