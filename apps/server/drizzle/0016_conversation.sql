CREATE TABLE "note_mentions" (
	"note_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "note_mentions_pkey" PRIMARY KEY("note_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"is_watching" boolean DEFAULT true NOT NULL,
	"is_automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_pkey" PRIMARY KEY("kind","target_id","user_id"),
	CONSTRAINT "watches_kind_check" CHECK ("watches"."kind" in ('item', 'page', 'project'))
);
--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"user_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"mail_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_runs_pkey" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "inbox_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"event" text NOT NULL,
	"actor_user_id" integer,
	"note_id" integer,
	"detail" text,
	"mail" text DEFAULT 'none' NOT NULL,
	"mailed_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_entries_mail_check" CHECK ("inbox_entries"."mail" in ('none', 'immediate', 'digest'))
);
--> statement-breakpoint
CREATE TABLE "notification_prefs" (
	"user_id" integer NOT NULL,
	"project_id" integer DEFAULT 0 NOT NULL,
	"event" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "notification_prefs_pkey" PRIMARY KEY("user_id","project_id","event"),
	CONSTRAINT "notification_prefs_email_check" CHECK ("notification_prefs"."email" in ('immediate', 'digest', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"digest_hour" integer DEFAULT 8 NOT NULL,
	"toolbar_badge" boolean DEFAULT false NOT NULL,
	"is_email_off" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text NOT NULL,
	CONSTRAINT "notification_settings_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "item_notes" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "recipient_user_ids" integer[];--> statement-breakpoint
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_note_id_item_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."item_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_note_id_item_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."item_notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_mentions_user_id_idx" ON "note_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "watches_user_id_idx" ON "watches" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "inbox_entries_user_id_id_idx" ON "inbox_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "inbox_entries_unread_idx" ON "inbox_entries" USING btree ("user_id") WHERE "inbox_entries"."read_at" is null;--> statement-breakpoint
CREATE INDEX "inbox_entries_unmailed_idx" ON "inbox_entries" USING btree ("user_id","mail") WHERE "inbox_entries"."mailed_at" is null and "inbox_entries"."mail" <> 'none';--> statement-breakpoint
-- hand-written:
-- Issue 27: notifications. waymark_fan_out writes the notifications of one change in ONE
-- statement (docs/notifications.md): to `p_only` when given (a mention, an assignment), else to
-- every watcher of the item, its page or its project — never to the actor, never to `p_exclude`,
-- never to someone who cannot use the project now (spec §6: an active admin of the organization,
-- or an active member granted the project), never to someone who turned the event off, and not
-- to a watcher of the page or project who unwatched this very item. Each entry is stamped with
-- how it will be mailed: the project's preference, else the all-projects one, else the default
-- (mentions and assignments at once, the rest in the daily digest); 'none' after an unsubscribe.
CREATE OR REPLACE FUNCTION waymark_fan_out(
  p_item_id integer, p_actor integer, p_event text, p_note_id integer, p_detail text,
  p_only integer[], p_exclude integer[]
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  WITH it AS (
    SELECT i.id, i.project_id, i.relative_path_id, p.org_id
    FROM items i JOIN projects p ON p.id = i.project_id WHERE i.id = p_item_id
  ), candidates AS (
    SELECT DISTINCT u AS user_id FROM unnest(p_only) AS u WHERE p_only IS NOT NULL
    UNION
    SELECT w.user_id FROM watches w, it
    WHERE p_only IS NULL AND w.is_watching AND (
      (w.kind = 'item' AND w.target_id = it.id)
      OR (w.kind = 'page' AND w.target_id = it.relative_path_id)
      OR (w.kind = 'project' AND w.target_id = it.project_id))
      AND NOT EXISTS (
        SELECT 1 FROM watches m
        WHERE m.kind = 'item' AND m.target_id = it.id AND m.user_id = w.user_id AND NOT m.is_watching)
  ), recipients AS (
    SELECT c.user_id, it.project_id, it.id AS item_id FROM candidates c, it
    WHERE c.user_id IS DISTINCT FROM p_actor
      AND NOT (c.user_id = ANY (coalesce(p_exclude, '{}')))
      AND EXISTS (
        SELECT 1 FROM org_members om
        WHERE om.org_id = it.org_id AND om.user_id = c.user_id AND om.status = 'Active'
          AND (om.access_level_id = 1 OR EXISTS (
            SELECT 1 FROM project_access pa
            WHERE pa.project_id = it.project_id AND pa.user_id = c.user_id)))
  ), chosen AS (
    SELECT r.user_id, r.project_id, r.item_id,
      coalesce(pp.is_enabled, ap.is_enabled, true) AS is_enabled,
      CASE
        WHEN coalesce(s.is_email_off, false) THEN 'none'
        WHEN coalesce(pp.email, ap.email,
          CASE WHEN p_event IN ('mention', 'assigned') THEN 'immediate' ELSE 'digest' END) = 'off'
          THEN 'none'
        ELSE coalesce(pp.email, ap.email,
          CASE WHEN p_event IN ('mention', 'assigned') THEN 'immediate' ELSE 'digest' END)
      END AS mail
    FROM recipients r
    LEFT JOIN notification_prefs pp
      ON pp.user_id = r.user_id AND pp.project_id = r.project_id AND pp.event = p_event
    LEFT JOIN notification_prefs ap
      ON ap.user_id = r.user_id AND ap.project_id = 0 AND ap.event = p_event
    LEFT JOIN notification_settings s ON s.user_id = r.user_id
  )
  INSERT INTO inbox_entries (user_id, project_id, item_id, event, actor_user_id, note_id, detail, mail)
  SELECT user_id, project_id, item_id, p_event, p_actor, p_note_id, p_detail, mail
  FROM chosen WHERE is_enabled ORDER BY user_id;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END;
$$;
--> statement-breakpoint
-- Automatic watches: added unless the user explicitly unwatched (a row with is_watching false).
CREATE OR REPLACE FUNCTION waymark_auto_watch(p_item_id integer, p_user_id integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_user_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO watches (user_id, project_id, kind, target_id, is_automatic)
  SELECT p_user_id, i.project_id, 'item', i.id, true FROM items i WHERE i.id = p_item_id
  ON CONFLICT (kind, target_id, user_id) DO NOTHING;
END;
$$;
--> statement-breakpoint
-- The item changes other modules record in item_history notify from here, in their own
-- transaction, whichever module wrote them: creation (the assignee; watchers of the page and the
-- project), a new assignee, a status change, an added file.
CREATE OR REPLACE FUNCTION waymark_notify_item_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  assignee integer;
BEGIN
  IF NEW.field NOT IN ('created', 'assignee', 'itemStatus', 'attachment') THEN
    RETURN NULL;
  END IF;
  SELECT assignee_user_id INTO assignee FROM items WHERE id = NEW.item_id;
  IF NEW.field = 'created' THEN
    PERFORM waymark_auto_watch(NEW.item_id, NEW.user_id);
    PERFORM waymark_auto_watch(NEW.item_id, assignee);
    IF assignee IS NOT NULL THEN
      PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'assigned', NULL, NULL, ARRAY[assignee], NULL);
    END IF;
    PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'itemCreated', NULL, NEW.after, NULL,
      CASE WHEN assignee IS NULL THEN NULL ELSE ARRAY[assignee] END);
  ELSIF NEW.field = 'assignee' AND assignee IS NOT NULL THEN
    PERFORM waymark_auto_watch(NEW.item_id, assignee);
    PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'assigned', NULL, NULL, ARRAY[assignee], NULL);
  ELSIF NEW.field = 'itemStatus' THEN
    PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'status', NULL, NEW.after, NULL, NULL);
  ELSIF NEW.field = 'attachment' AND NEW.after IS NOT NULL THEN
    PERFORM waymark_fan_out(NEW.item_id, NEW.user_id, 'attachment', NULL, NEW.after, NULL, NULL);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_history_notify AFTER INSERT ON item_history
  FOR EACH ROW EXECUTE FUNCTION waymark_notify_item_history();
--> statement-breakpoint
-- Live delivery: one event per project and statement, naming its recipients, so the streams of
-- exactly those users (on every copy, through the feed of 0011) refresh their inbox.
CREATE OR REPLACE FUNCTION waymark_live_inbox() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT project_id, array_agg(DISTINCT user_id) AS users, min(item_id) AS item_id
      FROM new_rows GROUP BY project_id ORDER BY project_id LOOP
    PERFORM pg_advisory_xact_lock(22016, r.project_id);
    INSERT INTO live_events (project_id, topic, relative_path_id, item_id, recipient_user_ids)
    VALUES (r.project_id, 'inbox_entries', NULL, r.item_id, r.users);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inbox_entries_live AFTER INSERT ON inbox_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waymark_live_inbox();
--> statement-breakpoint
-- Watching follows access: losing a project (or the organization) ends the user's watches there.
CREATE OR REPLACE FUNCTION waymark_end_lost_watches() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM watches w USING projects p
  WHERE p.id = w.project_id AND w.user_id = OLD.user_id
    -- Read through JSON: OLD.project_id would not even compile for org_members rows.
    AND (TG_TABLE_NAME <> 'project_access' OR w.project_id = (to_jsonb(OLD) ->> 'project_id')::int)
    AND (TG_TABLE_NAME <> 'org_members' OR p.org_id = (to_jsonb(OLD) ->> 'org_id')::int)
    AND NOT EXISTS (
      SELECT 1 FROM org_members om
      WHERE om.org_id = p.org_id AND om.user_id = w.user_id AND om.status = 'Active'
        AND (om.access_level_id = 1 OR EXISTS (
          SELECT 1 FROM project_access pa WHERE pa.project_id = p.id AND pa.user_id = w.user_id)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_access_end_watches AFTER DELETE ON project_access
  FOR EACH ROW EXECUTE FUNCTION waymark_end_lost_watches();
--> statement-breakpoint
CREATE TRIGGER org_members_end_watches AFTER DELETE OR UPDATE ON org_members
  FOR EACH ROW EXECUTE FUNCTION waymark_end_lost_watches();
