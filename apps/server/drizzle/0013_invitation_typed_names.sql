-- Issue 24: a Pending member is shown as the inviter typed them, never as the account behind the
-- address (whose real name showed that the address is registered). Invitations made before this
-- kept no typed names: they take the user row's only where that row is still an invited account
-- (its names are the ones an inviter typed), and none where it is a registered account; a Pending
-- membership without an invitation row gets one, so every Pending member has what the
-- organization may see.
ALTER TABLE "invitations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "last_name" text;--> statement-breakpoint
INSERT INTO "invitations" ("org_id", "user_id", "last_sent_at", "created_at")
  SELECT m."org_id", m."user_id", m."created_at", m."created_at" FROM "org_members" m
  WHERE m."status" = 'Pending' AND NOT EXISTS (
    SELECT 1 FROM "invitations" i WHERE i."org_id" = m."org_id" AND i."user_id" = m."user_id"
  );--> statement-breakpoint
UPDATE "invitations" i SET "email" = lower(u."email"),
  "first_name" = CASE WHEN a."user_id" IS NULL THEN '' ELSE u."first_name" END,
  "last_name" = CASE WHEN a."user_id" IS NULL THEN '' ELSE u."last_name" END
  FROM "users" u LEFT JOIN "invited_accounts" a ON a."user_id" = u."id"
  WHERE u."id" = i."user_id";--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "first_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "last_name" SET NOT NULL;
