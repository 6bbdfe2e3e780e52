CREATE TABLE "provider_callbacks" (
	"provider" text NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_callbacks_provider_delivery_id_pk" PRIMARY KEY("provider","delivery_id")
);
--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "sms_logs" ADD COLUMN "delivery_reported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_logs_provider_id_idx" ON "sms_logs" USING btree ("provider","provider_id");--> statement-breakpoint
ALTER TABLE "sms_logs" ADD CONSTRAINT "sms_logs_delivery_status_check" CHECK (delivery_status IN ('delivered', 'failed'));