ALTER TABLE "member_reports" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
-- Reports made before this migration get their case too: a safety ticket whose member is the reporter.
UPDATE "member_reports" SET "ticket_id" = gen_random_uuid() WHERE "ticket_id" IS NULL;--> statement-breakpoint
INSERT INTO "support_tickets" ("id", "member_id", "category", "priority", "subject", "description", "created_at", "updated_at")
SELECT r."ticket_id", r."reporter_id", 'safety', 'high', 'Member report: ' || l."label", coalesce(r."details", l."label"), r."created_at", r."created_at"
FROM "member_reports" r
JOIN (VALUES
  ('unsafe_driving', 'Unsafe driving'),
  ('harassment', 'Harassment or threats'),
  ('no_show', 'Did not show up'),
  ('scam_or_fraud', 'Scam or asked for payment outside Krom'),
  ('fake_profile', 'Fake profile'),
  ('inappropriate_messages', 'Inappropriate messages'),
  ('other', 'Something else')
) AS l("reason", "label") ON l."reason" = r."reason";--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_reports_ticket_key" ON "member_reports" USING btree ("ticket_id");
