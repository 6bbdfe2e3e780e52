-- Ride requests (the spec's ride_request) and which rides each was told of. A posted ride finds
-- its candidates through two partial indexes of the active requests: by preferred date (the
-- ride's day and the days beside it) and, for requests without one, by expiry (still open when
-- it departs). ride_request_matches' primary key is what tells a request of a ride only once.
CREATE TABLE "ride_request_matches" (
	"request_id" uuid NOT NULL,
	"ride_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_request_matches_pkey" PRIMARY KEY("request_id","ride_id")
);
--> statement-breakpoint
CREATE TABLE "ride_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_location" text NOT NULL,
	"from_latitude" numeric(10, 8),
	"from_longitude" numeric(11, 8),
	"from_locality_area" text,
	"from_region" text,
	"from_place_id" text,
	"to_location" text NOT NULL,
	"to_latitude" numeric(10, 8),
	"to_longitude" numeric(11, 8),
	"to_locality_area" text,
	"to_region" text,
	"to_place_id" text,
	"preferred_departure_date" date,
	"flexible_dates" boolean DEFAULT true NOT NULL,
	"passengers" integer DEFAULT 1 NOT NULL,
	"max_price_per_seat" numeric(10, 2),
	"notes" text,
	"notify_by_email" boolean DEFAULT true NOT NULL,
	"notify_by_sms" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_notified_at" timestamp with time zone,
	CONSTRAINT "ride_requests_status_check" CHECK ("ride_requests"."status" IN ('active', 'cancelled', 'expired')),
	CONSTRAINT "ride_requests_passengers_check" CHECK ("ride_requests"."passengers" BETWEEN 1 AND 8),
	CONSTRAINT "ride_requests_max_price_check" CHECK ("ride_requests"."max_price_per_seat" > 0),
	CONSTRAINT "ride_requests_coordinates_check" CHECK (("ride_requests"."from_latitude" IS NULL) = ("ride_requests"."from_longitude" IS NULL) AND ("ride_requests"."to_latitude" IS NULL) = ("ride_requests"."to_longitude" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "ride_request_matches" ADD CONSTRAINT "ride_request_matches_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "public"."ride_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_request_matches" ADD CONSTRAINT "ride_request_matches_ride_id_fkey" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_request_matches_ride_idx" ON "ride_request_matches" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "ride_requests_dated_idx" ON "ride_requests" USING btree ("preferred_departure_date") WHERE status = 'active' AND preferred_departure_date IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ride_requests_undated_idx" ON "ride_requests" USING btree ("expires_at") WHERE status = 'active' AND preferred_departure_date IS NULL;--> statement-breakpoint
CREATE INDEX "ride_requests_user_active_idx" ON "ride_requests" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE status = 'active';