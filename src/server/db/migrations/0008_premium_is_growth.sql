-- The Premium plan is the marketing pages' Growth tier: $29 a month, 10 ads a month.
UPDATE "subscription_plans" SET "price_monthly" = 2900, "price_yearly" = 28800, "ad_limit" = 10 WHERE "name" = 'Premium';
