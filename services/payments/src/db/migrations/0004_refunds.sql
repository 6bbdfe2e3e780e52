CREATE TABLE "booking_endings" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"fact" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"booking_version" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_endings_fact_check" CHECK ("booking_endings"."fact" IN ('cancelled_by_passenger', 'cancelled_by_driver', 'cancelled', 'declined', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"ride_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"cause" text NOT NULL,
	"status" text NOT NULL,
	"amount_pesewas" bigint NOT NULL,
	"fare_refund_pesewas" bigint NOT NULL,
	"fee_refund_pesewas" bigint NOT NULL,
	"driver_share_pesewas" bigint NOT NULL,
	"wallet_masked" text NOT NULL,
	"gateway_reference" text NOT NULL,
	"provider_reference" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"needs_attention_at" timestamp with time zone,
	"reason" text,
	"staff_reason" text,
	"staff_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_gateway_reference_key" UNIQUE("gateway_reference"),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_cause_check" CHECK ("refunds"."cause" IN ('cancelled_by_passenger', 'cancelled_by_driver', 'cancelled', 'declined', 'expired', 'late_payment', 'staff')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_pesewas" = "refunds"."fare_refund_pesewas" + "refunds"."fee_refund_pesewas" AND "refunds"."amount_pesewas" > 0 AND "refunds"."fare_refund_pesewas" >= 0 AND "refunds"."fee_refund_pesewas" >= 0 AND "refunds"."driver_share_pesewas" >= 0),
	CONSTRAINT "refunds_staff_check" CHECK (("refunds"."cause" = 'staff') = ("refunds"."staff_id" IS NOT NULL AND "refunds"."staff_reason" IS NOT NULL)),
	CONSTRAINT "refunds_attempts_check" CHECK ("refunds"."attempts" >= 1)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_policy_once" ON "refunds" USING btree ("payment_id") WHERE cause <> 'staff';--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("updated_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "refunds_retry_idx" ON "refunds" USING btree ("next_attempt_at") WHERE status = 'failed' AND needs_attention_at IS NULL;