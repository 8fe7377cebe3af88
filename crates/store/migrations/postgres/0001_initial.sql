-- Tavolo's schema, PostgreSQL flavour (the SQLite one differs only in its id columns).
CREATE TABLE users (
    id            BIGSERIAL PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE,
    password_hash TEXT,
    kind          TEXT    NOT NULL,            -- 'player' | 'guest' | 'bot'
    created_at    BIGINT  NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT   PRIMARY KEY,             -- SHA-256 of the cookie's token, hex
    user_id    BIGINT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- The chip ledger: double-entry. Every movement is one journal row (unique idempotency key)
-- with legs in `entries` summing to zero; `accounts.balance` is the running sum of its legs.
CREATE TABLE accounts (
    name        TEXT   PRIMARY KEY,            -- 'house', 'user:7', 'seat:t4:7', 'pot:t4'
    balance     BIGINT NOT NULL DEFAULT 0,
    may_go_negative BIGINT NOT NULL DEFAULT 0  -- 1 only for the house (the issuer of play chips)
);

CREATE TABLE journal (
    id         BIGSERIAL PRIMARY KEY,
    idem_key   TEXT    NOT NULL UNIQUE,
    kind       TEXT    NOT NULL,
    created_at BIGINT  NOT NULL
);

CREATE TABLE entries (
    journal_id BIGINT NOT NULL REFERENCES journal (id),
    account    TEXT   NOT NULL REFERENCES accounts (name),
    amount     BIGINT NOT NULL
);
CREATE INDEX entries_by_account ON entries (account);
CREATE INDEX entries_by_journal ON entries (journal_id);

CREATE TABLE card_tables (
    id         TEXT   PRIMARY KEY,
    game       TEXT   NOT NULL,
    options    TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    closed_at  BIGINT
);

-- A hand (Hold'em, Draw) or a game (Saint Poker): its commitment and seed, its record once over.
CREATE TABLE hands (
    id          BIGSERIAL PRIMARY KEY,
    table_id    TEXT   NOT NULL,
    game        TEXT   NOT NULL,
    commitment  TEXT   NOT NULL,
    seed        TEXT   NOT NULL,
    status      TEXT   NOT NULL,               -- 'playing' | 'finished' | 'voided'
    started_at  BIGINT NOT NULL,
    finished_at BIGINT,
    record      TEXT,
    format      TEXT
);
CREATE INDEX hands_by_status ON hands (status);

CREATE TABLE hand_players (
    hand_id BIGINT NOT NULL REFERENCES hands (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    seat    BIGINT NOT NULL,
    stack   BIGINT NOT NULL,
    result  BIGINT,
    PRIMARY KEY (hand_id, user_id)
);
CREATE INDEX hand_players_by_user ON hand_players (user_id, hand_id);

INSERT INTO accounts (name, balance, may_go_negative) VALUES ('house', 0, 1);
