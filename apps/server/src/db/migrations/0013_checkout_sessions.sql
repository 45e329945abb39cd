CREATE TABLE "stock_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"holder" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_quantity_positive" CHECK ("stock_reservations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"account_id" text NOT NULL,
	"created_by_user_id" uuid,
	"lines" jsonb NOT NULL,
	"shipping" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_id" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_amount" CHECK ("checkout_sessions"."amount_cents" = "checkout_sessions"."subtotal_cents" + "checkout_sessions"."shipping_cents" and "checkout_sessions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "builtin_card_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"merchant_name" text NOT NULL,
	"return_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"challenge_id" text,
	"challenge_card_brand" text,
	"challenge_card_last4" text,
	"payment_id" text,
	"card_brand" text,
	"card_last4" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "builtin_checkout_sessions_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "builtin_checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "builtin_checkout_sessions_amount_positive" CHECK ("builtin_checkout_sessions"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builtin_card_attempts" ADD CONSTRAINT "builtin_card_attempts_session_id_builtin_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."builtin_checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builtin_checkout_sessions" ADD CONSTRAINT "builtin_checkout_sessions_account_id_builtin_payment_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."builtin_payment_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_reservations_product_held_idx" ON "stock_reservations" USING btree ("product_id","held_until") WHERE "stock_reservations"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "stock_reservations_holder_product_key" ON "stock_reservations" USING btree ("holder","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_session_key" ON "checkout_sessions" USING btree ("provider_session_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_order_idx" ON "checkout_sessions" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checkout_sessions_open_idx" ON "checkout_sessions" USING btree ("expires_at") WHERE "checkout_sessions"."status" in ('pending', 'open');--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_complete_per_order" ON "checkout_sessions" USING btree ("order_id") WHERE "checkout_sessions"."status" = 'complete';--> statement-breakpoint
CREATE INDEX "builtin_card_attempts_session_idx" ON "builtin_card_attempts" USING btree ("session_id");--> statement-breakpoint
-- Invoice numbers: human-readable and never reused (CB-000001, …), from one sequence.
CREATE SEQUENCE IF NOT EXISTS "invoice_number_seq" START 1;
