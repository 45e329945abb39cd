-- Orders keep the chosen shipping rate in vendor-neutral columns (the provider is a dependency).
ALTER TABLE "orders" RENAME COLUMN "shippo_provider" TO "shipping_carrier";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "shippo_service_level_token" TO "shipping_service_level";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "shippo_rate_id" TO "provider_rate_id";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate_provider" text;
