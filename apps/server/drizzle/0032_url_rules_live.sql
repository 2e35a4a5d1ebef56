-- hand-written:
-- Issue 31: a URL template saved or removed, or the kept parameters / hash-route switch changed,
-- changes which page a URL is, even when no item moves (a template saved before any item was
-- recorded on its pages). Every open panel of the project looks its page up again: a live event
-- for the project (no page named), recorded at commit like the other live triggers (0022).
CREATE CONSTRAINT TRIGGER url_templates_live AFTER INSERT OR UPDATE OR DELETE ON url_templates
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('project');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER project_url_rules_live AFTER INSERT OR UPDATE OR DELETE ON project_url_rules
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION waymark_record_live_event('project');
