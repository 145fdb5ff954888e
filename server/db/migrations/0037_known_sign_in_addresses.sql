-- The addresses each account last signed in from with its password (issue 26): the per-account
-- sign-in limit, which bounds guesses spread over many addresses, does not lock the owner out
-- from a place they have signed in from before (the per-address limits still apply there).
CREATE TABLE known_sign_in_addresses (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);
SELECT cairn_protect('known_sign_in_addresses');
