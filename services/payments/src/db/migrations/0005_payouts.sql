CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"ride_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount_pesewas" bigint NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"gateway_reference" text NOT NULL,
	"provider" text,
	"provider_reference" text,
	"payment_method_id" uuid,
	"wallet_phone" text,
	"wallet_network" text,
	"wallet_masked" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"reason" text,
	"retried_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_booking_key" UNIQUE("booking_id"),
	CONSTRAINT "payouts_gateway_reference_key" UNIQUE("gateway_reference"),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" IN ('scheduled', 'sent', 'succeeded', 'failed', 'needs_attention')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_pesewas" > 0),
	CONSTRAINT "payouts_attempts_check" CHECK ("payouts"."attempts" >= 0),
	CONSTRAINT "payouts_paid_check" CHECK (("payouts"."status" = 'succeeded') = ("payouts"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "payouts_next_attempt_idx" ON "payouts" USING btree ("next_attempt_at") WHERE next_attempt_at IS NOT NULL AND status <> 'succeeded';--> statement-breakpoint
CREATE INDEX "payouts_driver_paid_idx" ON "payouts" USING btree ("driver_id","paid_at") WHERE status = 'succeeded';--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","updated_at");