-- The departure a ride was posted with: a change may move the departure only so far from it.
-- Rides already posted and not yet changed keep their departure as the one they were posted with.
ALTER TABLE "rides" ADD COLUMN "posted_departure_at" timestamp with time zone;--> statement-breakpoint
UPDATE "rides" SET "posted_departure_at" = "departure_at";
