-- Issue 21: one payable session per order and per invoice, and payments given back.
-- Sessions still live side by side from before (the race this closes) are superseded but the
-- newest, so the reconciler confirms them ended at the provider (or completes/refunds them);
-- paid sessions that were only set aside (needs_review) are now refunded by the reconciler.
UPDATE "checkout_sessions" SET "status" = 'superseded'
 WHERE "status" in ('pending', 'open')
   AND "id" NOT IN (SELECT DISTINCT ON ("order_id", "purpose") "id" FROM "checkout_sessions"
                     WHERE "status" in ('pending', 'open')
                     ORDER BY "order_id", "purpose", "created_at" DESC, "id");--> statement-breakpoint
UPDATE "checkout_sessions" SET "status" = 'refund_due' WHERE "status" = 'needs_review';--> statement-breakpoint
CREATE TABLE "builtin_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "builtin_refunds_amount_positive" CHECK ("builtin_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builtin_refunds" ADD CONSTRAINT "builtin_refunds_session_id_builtin_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."builtin_checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "builtin_refunds_idempotency_key" ON "builtin_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "builtin_refunds_session_idx" ON "builtin_refunds" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_live_per_order" ON "checkout_sessions" USING btree ("order_id","purpose") WHERE "checkout_sessions"."status" in ('pending', 'open');--> statement-breakpoint
CREATE INDEX "checkout_sessions_unsettled_idx" ON "checkout_sessions" USING btree ("created_at") WHERE "checkout_sessions"."status" in ('superseded', 'refund_due', 'needs_review');