CREATE TABLE "booking_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"version" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	"board_at" integer NOT NULL,
	"alight_at" integer NOT NULL,
	"seats" integer NOT NULL,
	"price_per_seat" numeric(10, 2) NOT NULL,
	"total_amount" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"status" text NOT NULL,
	"booking_mode" text NOT NULL,
	"payment_method" text DEFAULT 'cash' NOT NULL,
	"passenger_name" text NOT NULL,
	"passenger_phone" text NOT NULL,
	"special_requests" text,
	"boarding_code" text NOT NULL,
	"expires_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_seats_check" CHECK ("bookings"."seats" BETWEEN 1 AND 8),
	CONSTRAINT "bookings_leg_check" CHECK ("bookings"."board_at" >= 0 AND "bookings"."alight_at" > "bookings"."board_at"),
	CONSTRAINT "bookings_amount_check" CHECK ("bookings"."price_per_seat" > 0 AND "bookings"."total_amount" > 0),
	CONSTRAINT "bookings_status_check" CHECK (status IN ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'awaiting_payment', 'confirmed', 'boarded', 'completed', 'cancelled_by_passenger', 'cancelled_by_driver', 'no_show'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "seats_offered" integer;--> statement-breakpoint
-- Every ride posted so far offers the seats it shows free: nobody has booked one yet.
UPDATE "rides" SET "seats_offered" = "available_seats";--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "seats_offered" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "leg_seats_taken" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "booking_mode" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ride_id_fkey" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_history_booking_version_key" ON "booking_history" USING btree ("booking_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_passenger_key" ON "bookings" USING btree ("ride_id","passenger_id") WHERE status IN ('requested', 'accepted', 'awaiting_payment', 'confirmed', 'boarded');--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_ride_code_key" ON "bookings" USING btree ("ride_id","boarding_code");--> statement-breakpoint
CREATE INDEX "bookings_passenger_created_idx" ON "bookings" USING btree ("passenger_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_expiring_idx" ON "bookings" USING btree ("expires_at") WHERE expires_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_leg_seats_check" CHECK ("rides"."seats_offered" BETWEEN 0 AND "rides"."total_seats" AND "rides"."available_seats" <= "rides"."seats_offered" AND 0 <= ALL ("rides"."leg_seats_taken") AND "rides"."seats_offered" >= ALL ("rides"."leg_seats_taken"));--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_booking_mode_check" CHECK ("rides"."booking_mode" IN ('instant', 'approval'));