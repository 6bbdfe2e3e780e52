CREATE TABLE "email_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"redacted_text" text,
	"message_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_logs_status_check" CHECK (status IN ('sent', 'failed', 'pending')),
	CONSTRAINT "email_logs_message_type_check" CHECK (message_type IN ('verification', 'notification'))
);
--> statement-breakpoint
CREATE TABLE "known_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text,
	"email" text,
	"registered_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"is_read" boolean DEFAULT false NOT NULL,
	"action_required" boolean DEFAULT false NOT NULL,
	"source_event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK (type IN ('ride_request', 'booking', 'payment', 'system'))
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"client_key" text NOT NULL,
	"sms_log_id" uuid,
	"email_log_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_codes_purpose_check" CHECK (purpose IN ('signup', 'reset')),
	CONSTRAINT "verification_codes_channel_check" CHECK (channel IN ('sms', 'email'))
);
--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "redacted_message" text;--> statement-breakpoint
CREATE INDEX "email_logs_created_at_idx" ON "email_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_logs_email_idx" ON "email_logs" USING btree ("email");--> statement-breakpoint
CREATE INDEX "email_logs_user_id_idx" ON "email_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_subject_idx" ON "verification_codes" USING btree ("purpose","subject","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_client_idx" ON "verification_codes" USING btree ("client_key","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_user_id_idx" ON "verification_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_logs_user_id_idx" ON "sms_logs" USING btree ("user_id");