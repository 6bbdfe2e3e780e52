CREATE TABLE "upload_quota_usage" (
	"owner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"uploads" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_quota_usage_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
ALTER TABLE "upload_quota_usage" ADD CONSTRAINT "upload_quota_usage_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_quota_usage_day_idx" ON "upload_quota_usage" USING btree ("day");--> statement-breakpoint
CREATE INDEX "uploads_created_at_idx" ON "uploads" USING btree ("created_at");