CREATE TABLE "payment_terms" (
	"seller_organization_id" uuid NOT NULL,
	"purchaser_organization_id" uuid NOT NULL,
	"net_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_terms_seller_organization_id_purchaser_organization_id_pk" PRIMARY KEY("seller_organization_id","purchaser_organization_id"),
	CONSTRAINT "payment_terms_net_days_check" CHECK ("payment_terms"."net_days" in (0, 15, 30, 60))
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind"),
	CONSTRAINT "invoice_reminders_kind_check" CHECK ("invoice_reminders"."kind" in ('due_soon', 'overdue'))
);
--> statement-breakpoint
DROP INDEX "checkout_sessions_one_complete_per_order";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "net_days" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "purchaser_organization_id" uuid;--> statement-breakpoint
-- The invoices written before: their order's seller and buyer.
UPDATE "invoices" i SET "seller_organization_id" = o."selling_organization_id",
       "purchaser_organization_id" = o."purchasing_organization_id"
  FROM "orders" o WHERE o."id" = i."order_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller_organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "purchaser_organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "net_days" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_method" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_purchaser_organization_id_organizations_id_fk" FOREIGN KEY ("purchaser_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchaser_organization_id_organizations_id_fk" FOREIGN KEY ("purchaser_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_seller_status_idx" ON "invoices" USING btree ("seller_organization_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_on") WHERE "invoices"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_invoice_payment" ON "checkout_sessions" USING btree ("order_id") WHERE "checkout_sessions"."status" = 'complete' and "checkout_sessions"."purpose" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_complete_per_order" ON "checkout_sessions" USING btree ("order_id") WHERE "checkout_sessions"."status" = 'complete' and "checkout_sessions"."purpose" = 'order';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('OPEN', 'PAID', 'VOID'));--> statement-breakpoint
-- An invoice's seller and buyer are its order's: filled in on insert when the writer leaves them
-- out (the invoice list of a seller reads its own index, never the orders).
CREATE FUNCTION invoices_fill_parties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seller_organization_id IS NULL OR NEW.purchaser_organization_id IS NULL THEN
    SELECT o.selling_organization_id, o.purchasing_organization_id
      INTO NEW.seller_organization_id, NEW.purchaser_organization_id
      FROM orders o WHERE o.id = NEW.order_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_fill_parties" BEFORE INSERT ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_fill_parties();
