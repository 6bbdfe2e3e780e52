CREATE TABLE "trip_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"text_contact_at_departure" boolean DEFAULT false NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"contact_texted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_shares" ADD CONSTRAINT "trip_shares_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trip_shares_token_hash_key" ON "trip_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_shares_live_booking_key" ON "trip_shares" USING btree ("booking_id") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "trip_shares_to_text_idx" ON "trip_shares" USING btree ("booking_id") WHERE ended_at IS NULL AND text_contact_at_departure AND contact_texted_at IS NULL;