CREATE TABLE "builtin_bank_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_bank_item_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"mask" text,
	"selected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_bank_items" (
	"id" text PRIMARY KEY NOT NULL,
	"link_token_hash" text NOT NULL,
	"client_user_id" text NOT NULL,
	"institution_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_bank_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_user_id" text NOT NULL,
	"client_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_bank_public_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"client_user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"exchanged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "provider_item_id" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "institution_id" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "institution_name" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "subtype" text;--> statement-breakpoint
ALTER TABLE "builtin_bank_access_tokens" ADD CONSTRAINT "builtin_bank_access_tokens_item_id_builtin_bank_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."builtin_bank_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builtin_bank_item_accounts" ADD CONSTRAINT "builtin_bank_item_accounts_item_id_builtin_bank_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."builtin_bank_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builtin_bank_items" ADD CONSTRAINT "builtin_bank_items_link_token_hash_builtin_bank_link_tokens_token_hash_fk" FOREIGN KEY ("link_token_hash") REFERENCES "public"."builtin_bank_link_tokens"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builtin_bank_public_tokens" ADD CONSTRAINT "builtin_bank_public_tokens_item_id_builtin_bank_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."builtin_bank_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builtin_bank_item_accounts_item_idx" ON "builtin_bank_item_accounts" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "builtin_bank_items_link_token_idx" ON "builtin_bank_items" USING btree ("link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_key" ON "bank_accounts" USING btree ("organization_id") WHERE "bank_accounts"."is_default";