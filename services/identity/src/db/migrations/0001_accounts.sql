CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"sms_notifications" boolean DEFAULT true NOT NULL,
	"push_notifications" boolean DEFAULT true NOT NULL,
	"ride_reminders" boolean DEFAULT true NOT NULL,
	"promotional_emails" boolean DEFAULT false NOT NULL,
	"show_phone_to_drivers" boolean DEFAULT true NOT NULL,
	"show_profile_to_others" boolean DEFAULT true NOT NULL,
	"share_location_data" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"password" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"profile_image_url" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verification_status" text DEFAULT 'not_submitted' NOT NULL,
	"ghana_card_number" text,
	"verification_full_name" text,
	"date_of_birth" date,
	"expiry_date" date,
	"front_photo_url" text,
	"back_photo_url" text,
	"verification_submitted_at" timestamp with time zone,
	"verification_approved_at" timestamp with time zone,
	"is_driver" boolean DEFAULT false NOT NULL,
	"driver_verification_status" text DEFAULT 'not_submitted' NOT NULL,
	"license_number" text,
	"license_class" text,
	"license_expiry_date" date,
	"license_front_photo_url" text,
	"license_back_photo_url" text,
	"driver_verification_submitted_at" timestamp with time zone,
	"driver_verification_approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_public_id_key" ON "uploads" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone") WHERE "users"."deleted_at" IS NULL;