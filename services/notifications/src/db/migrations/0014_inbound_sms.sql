CREATE TABLE "inbound_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"phone" text NOT NULL,
	"sent_to" text NOT NULL,
	"text" text NOT NULL,
	"user_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbound_sms_outcome_check" CHECK (outcome IN ('command', 'stop', 'start', 'help', 'malformed', 'unknown_number', 'refused', 'limited', 'silenced'))
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "known_users" ADD COLUMN "suspension_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_sms_provider_message_idx" ON "inbound_sms" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "inbound_sms_phone_received_idx" ON "inbound_sms" USING btree ("phone","received_at");