-- A series' 10,000th number of a year: lpad(n, 4) cuts "10000" to "1000", a number issued already,
-- so from then on every receipt, voucher, invoice or credit note of that series and year was refused
-- (409 DUPLICATE) and no payment could be verified. Numbers keep at least four digits and take more
-- when they need them: RCT-2026-9999, RCT-2026-10000.
CREATE OR REPLACE FUNCTION next_document_number(p_doc_type text, p_year int) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  org uuid := nullif(current_setting('app.org_id', true), '')::uuid;
  n int;
  prefix text;
  issued text;
BEGIN
  IF org IS NULL THEN
    RAISE EXCEPTION 'next_document_number needs a tenant transaction (app.org_id is not set)';
  END IF;
  prefix := CASE p_doc_type
    WHEN 'receipt' THEN 'RCT'
    WHEN 'voucher' THEN 'VCH'
    WHEN 'credit-note' THEN 'CN'
    WHEN 'invoice' THEN (SELECT invoice_prefix FROM organizations WHERE id = org)
  END;
  IF prefix IS NULL THEN
    RAISE EXCEPTION 'no number series for %', p_doc_type;
  END IF;
  INSERT INTO number_series (organization_id, doc_type, year, last) VALUES (org, p_doc_type, p_year, 1)
  ON CONFLICT (organization_id, doc_type, year) DO UPDATE SET last = number_series.last + 1
  RETURNING last INTO n;
  issued := prefix || '-' || p_year || '-' || lpad(n::text, greatest(4, length(n::text)), '0');
  INSERT INTO document_numbers (organization_id, doc_type, number) VALUES (org, p_doc_type, issued);
  RETURN issued;
END $fn$;
