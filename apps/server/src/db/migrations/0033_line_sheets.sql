CREATE TABLE "line_sheet_products" (
	"line_sheet_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "line_sheet_products_line_sheet_id_product_id_pk" PRIMARY KEY("line_sheet_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "line_sheet_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_sheet_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"store_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invite_id" uuid,
	"invited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "line_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"note" text,
	"price_list_id" uuid,
	"all_products" boolean DEFAULT false NOT NULL,
	"share_token" text,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_sheet_products" ADD CONSTRAINT "line_sheet_products_line_sheet_id_line_sheets_id_fk" FOREIGN KEY ("line_sheet_id") REFERENCES "public"."line_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sheet_products" ADD CONSTRAINT "line_sheet_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sheet_requests" ADD CONSTRAINT "line_sheet_requests_line_sheet_id_line_sheets_id_fk" FOREIGN KEY ("line_sheet_id") REFERENCES "public"."line_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sheet_requests" ADD CONSTRAINT "line_sheet_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sheet_requests" ADD CONSTRAINT "line_sheet_requests_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sheets" ADD CONSTRAINT "line_sheets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sheets" ADD CONSTRAINT "line_sheets_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_sheet_products_position_idx" ON "line_sheet_products" USING btree ("line_sheet_id","position");--> statement-breakpoint
CREATE INDEX "line_sheet_requests_sheet_idx" ON "line_sheet_requests" USING btree ("line_sheet_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "line_sheets_org_idx" ON "line_sheets" USING btree ("organization_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "line_sheets_share_token_key" ON "line_sheets" USING btree ("share_token") WHERE "line_sheets"."share_token" is not null;