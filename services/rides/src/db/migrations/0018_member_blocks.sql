CREATE TABLE "member_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_blocks_pkey" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "member_blocks_not_self_check" CHECK ("member_blocks"."blocker_id" <> "member_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "member_blocks" USING btree ("blocked_id","blocker_id");