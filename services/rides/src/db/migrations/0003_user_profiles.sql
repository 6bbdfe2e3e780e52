CREATE TABLE "user_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"profile_image_url" text,
	"is_verified" boolean NOT NULL,
	"verification_status" text NOT NULL,
	"is_driver" boolean NOT NULL,
	"driver_verification_status" text NOT NULL,
	"suspended" boolean NOT NULL,
	"deleted" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
