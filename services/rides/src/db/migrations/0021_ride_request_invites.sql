CREATE TABLE "ride_request_declines" (
	"request_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"declined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_request_declines_pkey" PRIMARY KEY("driver_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "ride_request_invites" (
	"request_id" uuid NOT NULL,
	"ride_id" uuid NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_request_invites_pkey" PRIMARY KEY("request_id","ride_id")
);
--> statement-breakpoint
ALTER TABLE "ride_request_declines" ADD CONSTRAINT "ride_request_declines_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "public"."ride_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_request_invites" ADD CONSTRAINT "ride_request_invites_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "public"."ride_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_request_invites" ADD CONSTRAINT "ride_request_invites_ride_id_fkey" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_request_invites_ride_idx" ON "ride_request_invites" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "ride_requests_active_expiry_idx" ON "ride_requests" USING btree ("expires_at") WHERE status = 'active';