-- spec §1: every organization has the default item types and statuses. New organizations get them
-- from seedOrgDefaults when created; this data step gives them to organizations created before
-- items existed. Idempotent (on conflict do nothing).
INSERT INTO "item_types" ("org_id", "description")
SELECT o."id", d."description"
FROM "organizations" o
CROSS JOIN (VALUES (1, 'User Story'), (2, 'Requirement'), (3, 'Bug'), (4, 'Technical Info'), (5, 'Process')) AS d("position", "description")
ORDER BY o."id", d."position"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "item_statuses" ("org_id", "description")
SELECT o."id", d."description"
FROM "organizations" o
CROSS JOIN (VALUES (1, 'Open'), (2, 'In Progress'), (3, 'Closed')) AS d("position", "description")
ORDER BY o."id", d."position"
ON CONFLICT DO NOTHING;
