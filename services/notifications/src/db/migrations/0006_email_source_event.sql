ALTER TABLE "email_logs" ADD COLUMN "source_event_id" uuid;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_source_event_id_key" UNIQUE("source_event_id");