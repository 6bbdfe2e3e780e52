CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT 'mobile_money' NOT NULL,
	"provider" text NOT NULL,
	"number" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" = 'mobile_money'),
	CONSTRAINT "payment_methods_provider_check" CHECK ("payment_methods"."provider" IN ('mtn', 'vodafone', 'airteltigo'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"payer_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"payment_method" text NOT NULL,
	"payment_provider" text,
	"transaction_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_transaction_id_key" UNIQUE("transaction_id"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('completed', 'pending', 'failed', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_parties_check" CHECK ("payments"."payer_id" <> "payments"."recipient_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_user_number_key" ON "payment_methods" USING btree ("user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_per_user" ON "payment_methods" USING btree ("user_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "payments_payer_created_idx" ON "payments" USING btree ("payer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_recipient_created_idx" ON "payments" USING btree ("recipient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
COMMENT ON TABLE "payments" IS 'Financial records: kept when an account is deleted; they hold user ids only, no personal data.';--> statement-breakpoint
COMMENT ON COLUMN "payments"."booking_id" IS 'The booking paid for. Nullable without a foreign key until the bookings table exists; the marketplace issue adds the key to bookings(id).';--> statement-breakpoint
COMMENT ON COLUMN "payment_methods"."number" IS 'Full mobile money number (payouts need it); API answers show it masked.';
