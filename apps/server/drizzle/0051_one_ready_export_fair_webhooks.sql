-- Decision 0136. One ready archive per person and per organization: older ready archives are
-- deleted here, newest kept; their files, now named by no row, go with the purge job's sweep.
DELETE FROM "data_exports" d USING "data_exports" newer
WHERE d."status" = 'ready' AND newer."status" = 'ready' AND d."kind" = newer."kind"
  AND d."id" < newer."id"
  AND ((d."kind" = 'personal' AND d."user_id" = newer."user_id")
    OR (d."kind" = 'organization' AND d."org_id" = newer."org_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_personal_ready" ON "data_exports" USING btree ("user_id") WHERE kind = 'personal' and status = 'ready';--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_organization_ready" ON "data_exports" USING btree ("org_id") WHERE kind = 'organization' and status = 'ready';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id") WHERE "webhook_deliveries"."status" = 'pending';
