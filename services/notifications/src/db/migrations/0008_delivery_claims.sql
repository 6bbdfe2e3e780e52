ALTER TABLE "email_logs" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "claimed_at" timestamp with time zone;