CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"upload_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"full_name" text NOT NULL,
	"card_number" text NOT NULL,
	"expiry_date" date,
	"date_of_birth" date,
	"license_number" text,
	"license_class" text,
	"license_expiry_date" date,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_submission_id_verification_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."verification_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_submission_idx" ON "verification_documents" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_upload_key" ON "verification_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "verification_submissions_queue_idx" ON "verification_submissions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "verification_submissions_user_idx" ON "verification_submissions" USING btree ("user_id","kind","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_submissions_one_pending_key" ON "verification_submissions" USING btree ("user_id","kind") WHERE "verification_submissions"."status" = 'pending';