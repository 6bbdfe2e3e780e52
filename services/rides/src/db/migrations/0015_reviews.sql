CREATE TABLE "member_ratings" (
	"user_id" uuid NOT NULL,
	"review_type" text NOT NULL,
	"review_count" integer NOT NULL,
	"rating_sum" integer NOT NULL,
	CONSTRAINT "member_ratings_pkey" PRIMARY KEY("user_id","review_type")
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"ride_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"reviewee_id" uuid NOT NULL,
	"review_type" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_type_check" CHECK (review_type IN ('driver', 'passenger')),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply" IS NULL) = ("reviews"."replied_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_reporter_key" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_type_key" ON "reviews" USING btree ("booking_id","review_type");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_published_idx" ON "reviews" USING btree ("reviewee_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE published_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_hidden_window_idx" ON "reviews" USING btree ("window_ends_at") WHERE published_at IS NULL;--> statement-breakpoint
-- A driver's rating is on every card of their rides (ride-views.ts): a change of it moves the
-- search answers' generation of each date their rides still to come depart on (migration 0009),
-- not every date's, so a review published leaves the other kept answers alone.
CREATE FUNCTION "bump_search_driver_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."review_type" = 'driver' THEN
		PERFORM "bump_search_date"(d."departure_date")
		FROM (SELECT DISTINCT "departure_date" FROM "rides"
		      WHERE "driver_id" = NEW."user_id" AND "status" = 'active' AND "departure_at" > now() - interval '1 day') d;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "member_ratings_search_generation" AFTER INSERT OR UPDATE ON "member_ratings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_search_driver_dates"();
