ALTER TABLE "member_reports" DROP CONSTRAINT "member_reports_source_check";--> statement-breakpoint
ALTER TABLE "member_reports" ADD COLUMN "reported_text" text;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_source_check" CHECK (source IN ('profile', 'booking', 'review', 'message'));