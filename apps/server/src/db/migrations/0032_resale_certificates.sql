CREATE TABLE "resale_certificate_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resale_certificate_requirements" (
	"seller_organization_id" uuid PRIMARY KEY NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resale_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"state" char(2) NOT NULL,
	"number" text NOT NULL,
	"expires_on" date NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "resale_certificates_state_check" CHECK ("resale_certificates"."state" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "resale_certificate_files" ADD CONSTRAINT "resale_certificate_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificate_files" ADD CONSTRAINT "resale_certificate_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificate_requirements" ADD CONSTRAINT "resale_certificate_requirements_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_file_id_resale_certificate_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."resale_certificate_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resale_certificate_files_organization_idx" ON "resale_certificate_files" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_certificates_current_key" ON "resale_certificates" USING btree ("organization_id") WHERE "resale_certificates"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "resale_certificates_to_remind_idx" ON "resale_certificates" USING btree ("expires_on") WHERE "resale_certificates"."replaced_at" is null and "resale_certificates"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "resale_certificates_organization_idx" ON "resale_certificates" USING btree ("organization_id","created_at");