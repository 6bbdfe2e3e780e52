ALTER TABLE "known_users" ADD COLUMN "sms_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "known_users" ADD COLUMN "settings_version" integer;