CREATE TABLE "member_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reported_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"source" text NOT NULL,
	"source_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_reports_not_self_check" CHECK ("member_reports"."reporter_id" <> "member_reports"."reported_id"),
	CONSTRAINT "member_reports_reason_check" CHECK (reason IN ('unsafe_driving', 'harassment', 'no_show', 'scam_or_fraud', 'fake_profile', 'inappropriate_messages', 'other')),
	CONSTRAINT "member_reports_source_check" CHECK (source IN ('profile', 'booking', 'review'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_reports_reporter_reported_key" ON "member_reports" USING btree ("reporter_id","reported_id");--> statement-breakpoint
CREATE INDEX "member_reports_reported_idx" ON "member_reports" USING btree ("reported_id","created_at" DESC NULLS LAST);