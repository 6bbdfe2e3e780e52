ALTER TABLE "rides" ADD COLUMN "luggage" text;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "smoking" boolean;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "pets" boolean;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "air_conditioning" boolean;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "max_two_in_back" boolean;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "women_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "stated_woman" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_luggage_check" CHECK ("rides"."luggage" IN ('small', 'medium', 'large'));