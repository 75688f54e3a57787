CREATE TABLE "shop_order_days" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"shop_item_id" integer,
	"slot" smallint NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"price" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "shop_order_days_key" UNIQUE NULLS NOT DISTINCT("day","currency","shop_item_id","slot")
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): one grouped difference per
-- INSERT, DELETE or UPDATE statement (transition tables; an update adds its new rows and takes
-- away its old ones, keys whose difference is nothing are left alone; the foreign key's ON
-- DELETE SET NULL is such an update, so an item's deletion moves its orders to the null item
-- in one step however many they are), TRUNCATE empties the rollup; each statement adds to its
-- connection's slot, keys in order, so two writers never take the same rows in opposite orders.
LOCK TABLE "shop_orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "shop_order_days_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "shop_order_days";
  INSERT INTO "shop_order_days" ("day", "currency", "shop_item_id", "slot", "orders", "price")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "currency", "shop_item_id", 0, count(*), sum("price") FROM "shop_orders" GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT "shop_order_days_rebuild"();--> statement-breakpoint
CREATE FUNCTION "shop_order_days_add"(d date, c text, item integer, d_n bigint, d_price numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "shop_order_days" AS s ("day", "currency", "shop_item_id", "slot", "orders", "price")
  VALUES (d, c, item, pg_backend_pid() % 8, d_n, d_price)
  ON CONFLICT ("day", "currency", "shop_item_id", "slot") DO UPDATE SET "orders" = s."orders" + excluded."orders", "price" = s."price" + excluded."price";
$$;--> statement-breakpoint
CREATE FUNCTION "shop_order_days_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "shop_order_days_add"(g.d, g.c, g.item, g.n, g.p)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, "currency" AS c, "shop_item_id" AS item, count(*) AS n, sum("price") AS p
          FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "shop_order_days_add"(g.d, g.c, g.item, -g.n, -g.p)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, "currency" AS c, "shop_item_id" AS item, count(*) AS n, sum("price") AS p
          FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) g;
  ELSE
    PERFORM "shop_order_days_add"(g.d, g.c, g.item, g.n, g.p)
    FROM (SELECT d, c, item, sum(n) AS n, sum(p) AS p FROM (
            SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, "currency" AS c, "shop_item_id" AS item, 1 AS n, "price" AS p FROM new_rows
            UNION ALL
            SELECT ("created_at" AT TIME ZONE 'UTC')::date, "currency", "shop_item_id", -1, -"price" FROM old_rows) r
          GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(p) <> 0 ORDER BY 1, 2, 3) g;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "shop_order_days_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "shop_order_days";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shop_orders_days_insert" AFTER INSERT ON "shop_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_order_days_changed"();--> statement-breakpoint
CREATE TRIGGER "shop_orders_days_delete" AFTER DELETE ON "shop_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_order_days_changed"();--> statement-breakpoint
CREATE TRIGGER "shop_orders_days_update" AFTER UPDATE ON "shop_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_order_days_changed"();--> statement-breakpoint
CREATE TRIGGER "shop_orders_days_truncate" AFTER TRUNCATE ON "shop_orders" FOR EACH STATEMENT EXECUTE FUNCTION "shop_order_days_truncated"();
