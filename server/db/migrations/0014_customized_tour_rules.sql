-- The customized tours' rules that Drizzle cannot express (docs/tours.md): the pricing function's
-- rules on every stored line, the tour's totals equal to the sums of its lines, and what was sent
-- to a customer kept exactly as sent.

-- A line holds what src/domain/tour-pricing.ts computes: the unit markup rounded half away from
-- zero (the cost is never negative, so half up), the line cost and price exact, a discount a
-- negative line that costs nothing. Arithmetic in numeric: a CHECK never overflows.
ALTER TABLE customized_tour_lines ADD CONSTRAINT customized_tour_lines_kind_ck
  CHECK (kind IN ('hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others', 'fee', 'discount'));
--> statement-breakpoint
ALTER TABLE customized_tour_lines ADD CONSTRAINT customized_tour_lines_unit_ck
  CHECK (unit IN ('per-person', 'per-room-night', 'per-unit'));
--> statement-breakpoint
ALTER TABLE customized_tour_lines ADD CONSTRAINT customized_tour_lines_figures_ck
  CHECK (quantity >= 1 AND unit_cost >= 0 AND markup >= 0
         AND markup_type IN ('percent', 'amount') AND (markup_type = 'amount' OR markup <= 100000)
         AND (kind <> 'discount' OR (unit_cost = 0 AND markup_type = 'amount')));
--> statement-breakpoint
ALTER TABLE customized_tour_lines ADD CONSTRAINT customized_tour_lines_price_ck
  CHECK (unit_price::numeric = unit_cost::numeric + CASE WHEN markup_type = 'percent'
                                                         THEN div(unit_cost::numeric * markup * 2 + 10000, 20000)
                                                         ELSE markup::numeric END
         AND line_cost::numeric = CASE WHEN kind = 'discount' THEN 0 ELSE unit_cost::numeric * quantity END
         AND line_sell::numeric = CASE WHEN kind = 'discount' THEN -1 ELSE 1 END * unit_price::numeric * quantity);
--> statement-breakpoint

-- A tour's totals are the sums of its lines, judged at commit (the lines are written after the
-- tour row, in the same transaction). Once per tour and transaction: a save of 200 lines fires
-- 200 times, the first check covers them all. SECURITY DEFINER: every line, whatever the caller's
-- row-level security.
CREATE FUNCTION customized_tour_totals_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  tour uuid;
  flag text;
  stored record;
  cost numeric;
  sell numeric;
BEGIN
  IF TG_TABLE_NAME = 'customized_tours' THEN
    tour := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    tour := OLD.tour_id;
  ELSE
    tour := NEW.tour_id;
  END IF;
  flag := 'tours.totals_' || replace(tour::text, '-', '');
  IF current_setting(flag, true) = 'checked' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(flag, 'checked', true);
  SELECT total_cost, total_sell INTO stored FROM customized_tours WHERE id = tour;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(line_cost), 0), coalesce(sum(line_sell), 0) INTO cost, sell FROM customized_tour_lines WHERE tour_id = tour;
  IF stored.total_cost <> cost OR stored.total_sell <> sell THEN
    RAISE EXCEPTION 'customized tour % says cost % and price %, its lines add up to cost % and price %', tour, stored.total_cost, stored.total_sell, cost, sell
      USING ERRCODE = '23514', CONSTRAINT = 'customized_tour_totals';
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER customized_tours_totals AFTER INSERT OR UPDATE ON customized_tours
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION customized_tour_totals_check();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER customized_tour_lines_totals AFTER INSERT OR UPDATE OR DELETE ON customized_tour_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION customized_tour_totals_check();
--> statement-breakpoint

-- What a customer was sent never changes: a sent version is never updated, and a tour that was
-- sent is never deleted (nor, through it, its versions). The one exception is an organization
-- being deleted: its rows go with it (the cascade runs after the organization row is gone).
CREATE FUNCTION customized_tour_sent_kept() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  IF TG_TABLE_NAME = 'customized_tours' THEN
    IF EXISTS (SELECT 1 FROM customized_tour_versions WHERE tour_id = OLD.id) THEN
      RAISE EXCEPTION 'customized tour % was sent to the customer and is kept', OLD.id
        USING ERRCODE = '55000';
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% on % is refused: a sent version is kept exactly as it was sent', TG_OP, TG_TABLE_NAME
    USING ERRCODE = '55000';
END $fn$;
--> statement-breakpoint
CREATE TRIGGER customized_tours_sent_kept BEFORE DELETE ON customized_tours FOR EACH ROW EXECUTE FUNCTION customized_tour_sent_kept();
--> statement-breakpoint
CREATE TRIGGER customized_tour_versions_kept BEFORE UPDATE OR DELETE ON customized_tour_versions FOR EACH ROW EXECUTE FUNCTION customized_tour_sent_kept();
--> statement-breakpoint

-- A review may be of a customized tour of the same organization (declared here: the catalogue's
-- tables are defined before the tours').
ALTER TABLE reviews ADD CONSTRAINT reviews_tour_fk FOREIGN KEY (organization_id, tour_id)
  REFERENCES customized_tours (organization_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX reviews_tour_idx ON reviews (tour_id);
