CREATE TABLE "order_proposal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_proposal_lines_quantity_positive" CHECK ("order_proposal_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"purchaser_organization_id" uuid,
	"invite_email" text,
	"invite_id" uuid,
	"created_by_user_id" uuid,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"reserve_stock" boolean DEFAULT false NOT NULL,
	"reserved_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_proposals_status_check" CHECK ("order_proposals"."status" in ('draft', 'sent', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "order_proposals_discount_check" CHECK ("order_proposals"."discount_basis_points" >= 0 and "order_proposals"."discount_basis_points" <= 5000),
	CONSTRAINT "order_proposals_note_length" CHECK ("order_proposals"."note" is null or char_length("order_proposals"."note") <= 1000),
	CONSTRAINT "order_proposals_decline_reason_length" CHECK ("order_proposals"."decline_reason" is null or char_length("order_proposals"."decline_reason") <= 1000),
	CONSTRAINT "order_proposals_retailer_check" CHECK ("order_proposals"."purchaser_organization_id" is not null or "order_proposals"."invite_email" is not null)
);
--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "agreed_unit_price_in_cents" integer;--> statement-breakpoint
ALTER TABLE "order_proposal_lines" ADD CONSTRAINT "order_proposal_lines_proposal_id_order_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."order_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposal_lines" ADD CONSTRAINT "order_proposal_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_purchaser_organization_id_organizations_id_fk" FOREIGN KEY ("purchaser_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_proposal_lines_product_key" ON "order_proposal_lines" USING btree ("proposal_id","product_id");--> statement-breakpoint
CREATE INDEX "order_proposal_lines_product_idx" ON "order_proposal_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_proposals_seller_number_key" ON "order_proposals" USING btree ("seller_organization_id","number");--> statement-breakpoint
CREATE INDEX "order_proposals_seller_list_idx" ON "order_proposals" USING btree ("seller_organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_proposals_purchaser_idx" ON "order_proposals" USING btree ("purchaser_organization_id");--> statement-breakpoint
CREATE INDEX "order_proposals_invite_idx" ON "order_proposals" USING btree ("invite_id");