CREATE INDEX "shop_orders_currency_created_at_id_idx" ON "shop_orders" USING btree ("currency","created_at","id","price","shop_item_id");--> statement-breakpoint
CREATE INDEX "stars_payments_status_created_at_id_amount_fee_idx" ON "stars_payments" USING btree ("status","created_at","id","amount","fee");--> statement-breakpoint
CREATE INDEX "ton_payments_status_created_at_id_amount_fee_idx" ON "ton_payments" USING btree ("status","created_at","id","amount","fee");--> statement-breakpoint
DROP INDEX "stars_payments_status_created_at_id_idx";--> statement-breakpoint
DROP INDEX "ton_payments_status_created_at_id_idx";
