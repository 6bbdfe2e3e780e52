ALTER TABLE "email_logs" DROP CONSTRAINT "email_logs_status_check";--> statement-breakpoint
ALTER TABLE "sms_logs" DROP CONSTRAINT "sms_logs_status_check";--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_status_check" CHECK (status IN ('sent', 'failed', 'pending', 'suppressed'));--> statement-breakpoint
ALTER TABLE "sms_logs" ADD CONSTRAINT "sms_logs_status_check" CHECK (status IN ('sent', 'failed', 'pending', 'suppressed'));