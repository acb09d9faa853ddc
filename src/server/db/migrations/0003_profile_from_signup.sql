-- Every new user gets a profile row with the sign-up data, in the same transaction as the user row.
CREATE FUNCTION create_profile_for_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (id, first_name, last_name, company_name)
  VALUES (NEW.id, NEW.first_name, NEW.last_name, NEW.company_name);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_creates_profile AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION create_profile_for_user();
