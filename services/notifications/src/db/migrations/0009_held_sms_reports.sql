CREATE TABLE "held_sms_reports" (
	"provider" text NOT NULL,
	"delivery_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"delivery" text NOT NULL,
	"error_code" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "held_sms_reports_provider_delivery_id_pk" PRIMARY KEY("provider","delivery_id")
);
--> statement-breakpoint
CREATE INDEX "held_sms_reports_provider_id_idx" ON "held_sms_reports" USING btree ("provider","provider_id");