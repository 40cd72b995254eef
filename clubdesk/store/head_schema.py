"""The schema at HEAD: what the migrations (migrations/versions/) make of a new file, in their order.

migrate.create_file replays it on a new file, so a desk's first start does not import Alembic;
tests/store/test_head_schema.py checks it against the migrations and says how to write it again.
"""

REVISION = "0013"

STATEMENTS = (
    """CREATE TABLE alembic_version (
    version_num VARCHAR(32) NOT NULL,
    CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
)""",
    """CREATE TABLE settings (
    "key" VARCHAR(64) NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY ("key")
)""",
    """CREATE TABLE tournaments (
    name VARCHAR(200) NOT NULL,
    game VARCHAR(20) NOT NULL,
    options_json TEXT NOT NULL,
    status VARCHAR(20) NOT NULL,
    created_at VARCHAR(32) NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL,
    PRIMARY KEY (id)
)""",
    """CREATE TABLE accounts (
    login VARCHAR(64) NOT NULL,
    display_name VARCHAR(200) NOT NULL,
    password_hash VARCHAR(200) NOT NULL,
    roles VARCHAR(100) NOT NULL,
    active BOOLEAN NOT NULL,
    player_id VARCHAR(36),
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(player_id) REFERENCES players (id),
    UNIQUE (login)
)""",
    """CREATE TABLE stages (
    tournament_id VARCHAR(36) NOT NULL,
    number INTEGER NOT NULL,
    kind VARCHAR(10) NOT NULL,
    seed BIGINT,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL, draw_json TEXT,
    PRIMARY KEY (id),
    FOREIGN KEY(tournament_id) REFERENCES tournaments (id)
)""",
    """CREATE INDEX ix_stages_tournament_id ON stages (tournament_id)""",
    """CREATE TABLE evenings (
    date DATE NOT NULL,
    name VARCHAR(200) NOT NULL,
    host_account_id VARCHAR(36),
    options_json TEXT NOT NULL,
    seed BIGINT,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL, seating_json TEXT,
    PRIMARY KEY (id),
    FOREIGN KEY(host_account_id) REFERENCES accounts (id)
)""",
    """CREATE TABLE rounds (
    stage_id VARCHAR(36) NOT NULL,
    number INTEGER NOT NULL,
    nominal INTEGER NOT NULL,
    minutes INTEGER NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL, clock_elapsed FLOAT DEFAULT '0' NOT NULL, clock_started_at FLOAT,
    PRIMARY KEY (id),
    FOREIGN KEY(stage_id) REFERENCES stages (id)
)""",
    """CREATE INDEX ix_rounds_stage_id ON rounds (stage_id)""",
    """CREATE TABLE check_ins (
    evening_id VARCHAR(36) NOT NULL,
    player_id VARCHAR(36) NOT NULL,
    checked_in_at VARCHAR(32) NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL, deleted BOOLEAN DEFAULT 0 NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(evening_id) REFERENCES evenings (id),
    FOREIGN KEY(player_id) REFERENCES players (id),
    UNIQUE (evening_id, player_id)
)""",
    """CREATE INDEX ix_check_ins_evening_id ON check_ins (evening_id)""",
    """CREATE TABLE game_tables (
    number INTEGER NOT NULL,
    round_id VARCHAR(36),
    evening_id VARCHAR(36),
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL, evening_round INTEGER, ended_by_hand_json TEXT,
    PRIMARY KEY (id),
    FOREIGN KEY(evening_id) REFERENCES evenings (id),
    FOREIGN KEY(round_id) REFERENCES rounds (id)
)""",
    """CREATE INDEX ix_game_tables_evening_id ON game_tables (evening_id)""",
    """CREATE INDEX ix_game_tables_round_id ON game_tables (round_id)""",
    """CREATE TABLE games (
    game VARCHAR(20) NOT NULL,
    title VARCHAR(200) NOT NULL,
    table_id VARCHAR(36),
    players_json TEXT NOT NULL,
    options_json TEXT NOT NULL,
    status VARCHAR(20) NOT NULL,
    created_at VARCHAR(32) NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL, owner_desk_id VARCHAR(36) DEFAULT '' NOT NULL, table_name VARCHAR(100) DEFAULT '' NOT NULL, referee VARCHAR(200) DEFAULT '' NOT NULL, branch_json TEXT DEFAULT '' NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(table_id) REFERENCES game_tables (id)
)""",
    """CREATE INDEX ix_games_table_id ON games (table_id)""",
    """CREATE TABLE seats (
    table_id VARCHAR(36) NOT NULL,
    seat_no INTEGER NOT NULL,
    player_id VARCHAR(36) NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL, deleted BOOLEAN DEFAULT 0 NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(player_id) REFERENCES players (id),
    FOREIGN KEY(table_id) REFERENCES game_tables (id),
    UNIQUE (table_id, seat_no)
)""",
    """CREATE INDEX ix_seats_table_id ON seats (table_id)""",
    """CREATE TABLE events (
    id VARCHAR(36) NOT NULL,
    game_id VARCHAR(36) NOT NULL,
    seq INTEGER NOT NULL,
    type VARCHAR(40) NOT NULL,
    payload TEXT NOT NULL,
    recorded_at VARCHAR(32) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL,
    author_id VARCHAR(36),
    PRIMARY KEY (id),
    FOREIGN KEY(author_id) REFERENCES accounts (id),
    FOREIGN KEY(game_id) REFERENCES games (id),
    UNIQUE (game_id, seq)
)""",
    """CREATE TABLE projections (
    game_id VARCHAR(36) NOT NULL,
    seq INTEGER NOT NULL,
    state_json TEXT NOT NULL,
    PRIMARY KEY (game_id),
    FOREIGN KEY(game_id) REFERENCES games (id)
)""",
    """CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END""",
    """CREATE TABLE "players" (
    name VARCHAR(200) NOT NULL,
    nickname VARCHAR(100) NOT NULL,
    phone VARCHAR(40) NOT NULL,
    notes TEXT NOT NULL,
    status VARCHAR(20) NOT NULL,
    ban_reason TEXT NOT NULL,
    ban_until DATE,
    nickname_key VARCHAR(100) NOT NULL,
    search_key TEXT NOT NULL,
    created_at VARCHAR(32) NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL,
    is_guest BOOLEAN DEFAULT 0 NOT NULL, birthday DATE, merged_into VARCHAR(36) DEFAULT '' NOT NULL, surname VARCHAR(100) DEFAULT '' NOT NULL, first_name VARCHAR(100) DEFAULT '' NOT NULL,
    PRIMARY KEY (id)
)""",
    """CREATE INDEX ix_players_search_key ON players (search_key)""",
    """CREATE INDEX ix_players_nickname_key ON players (nickname_key)""",
    """CREATE TABLE tournament_entries (
    tournament_id VARCHAR(36) NOT NULL,
    player_id VARCHAR(36) NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL, deleted BOOLEAN DEFAULT 0 NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(player_id) REFERENCES players (id),
    FOREIGN KEY(tournament_id) REFERENCES tournaments (id),
    UNIQUE (tournament_id, player_id)
)""",
    """CREATE INDEX ix_tournament_entries_tournament_id ON tournament_entries (tournament_id)""",
    """CREATE INDEX ix_players_name_id ON players (name, id)""",
    """CREATE TABLE "change_log" (
    id INTEGER NOT NULL,
    desk_id VARCHAR(36) NOT NULL,
    desk_seq INTEGER NOT NULL,
    hlc BIGINT NOT NULL,
    entity VARCHAR(40) NOT NULL,
    entity_id VARCHAR(36) NOT NULL,
    op VARCHAR(10) NOT NULL,
    payload TEXT NOT NULL,
    schema_version INTEGER NOT NULL,
    PRIMARY KEY (id),
    UNIQUE (desk_id, desk_seq)
)""",
    """CREATE INDEX ix_change_log_hlc ON change_log (hlc)""",
    """CREATE INDEX ix_change_log_entity ON change_log (entity, entity_id)""",
    """CREATE TABLE sync_cursors (
    name VARCHAR(80) NOT NULL,
    value BIGINT NOT NULL,
    PRIMARY KEY (name)
)""",
    """CREATE TABLE sync_quarantine (
    log_id INTEGER NOT NULL,
    PRIMARY KEY (log_id),
    FOREIGN KEY(log_id) REFERENCES change_log (id)
)""",
    """CREATE TABLE conflicts (
    id INTEGER NOT NULL,
    kind VARCHAR(30) NOT NULL,
    entity VARCHAR(40) NOT NULL,
    entity_id VARCHAR(36) NOT NULL,
    other_id VARCHAR(36) NOT NULL,
    detail_json TEXT NOT NULL,
    created_at VARCHAR(32) NOT NULL,
    resolved BOOLEAN NOT NULL, resolution VARCHAR(20) DEFAULT '' NOT NULL,
    PRIMARY KEY (id)
)""",
    """CREATE TRIGGER change_log_no_update BEFORE UPDATE ON change_log BEGIN SELECT RAISE(ABORT, 'change_log is append-only'); END""",
    """CREATE TRIGGER change_log_no_delete BEFORE DELETE ON change_log BEGIN SELECT RAISE(ABORT, 'change_log is append-only'); END""",
    """CREATE TRIGGER change_log_gap_free BEFORE INSERT ON change_log WHEN NEW.desk_seq <> coalesce((SELECT max(desk_seq) FROM change_log WHERE desk_id = NEW.desk_id), 0) + 1 BEGIN SELECT RAISE(ABORT, 'change_log desk_seq must follow the desk''s last one'); END""",
    """CREATE TRIGGER sync_cursors_forward BEFORE UPDATE ON sync_cursors WHEN NEW.value < OLD.value BEGIN SELECT RAISE(ABORT, 'a sync cursor only moves forward'); END""",
    """CREATE TABLE seating_swaps (
    evening_id VARCHAR(36) NOT NULL,
    draw VARCHAR(36) NOT NULL,
    round_no INTEGER NOT NULL,
    player_a VARCHAR(36) NOT NULL,
    player_b VARCHAR(36) NOT NULL,
    number INTEGER NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(evening_id) REFERENCES evenings (id)
)""",
    """CREATE INDEX ix_seating_swaps_evening_id ON seating_swaps (evening_id)""",
    """CREATE TABLE ban_confirmations (
    evening_id VARCHAR(36) NOT NULL,
    flag_key VARCHAR(200) NOT NULL,
    deleted BOOLEAN DEFAULT 0 NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(evening_id) REFERENCES evenings (id),
    UNIQUE (evening_id, flag_key)
)""",
    """CREATE TABLE bans (
    player_id VARCHAR(36) NOT NULL,
    reason TEXT NOT NULL,
    until DATE,
    lifted BOOLEAN DEFAULT 0 NOT NULL,
    created_at VARCHAR(32) NOT NULL,
    id VARCHAR(36) NOT NULL,
    hlc BIGINT NOT NULL,
    desk_id VARCHAR(36) NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(player_id) REFERENCES players (id)
)""",
    """CREATE INDEX ix_bans_player_id ON bans (player_id)""",
    """CREATE INDEX ix_players_phone ON players (phone)""",
    """CREATE INDEX ix_conflicts_entity ON conflicts (kind, entity_id)""",
    """CREATE TRIGGER events_no_delete BEFORE DELETE ON events WHEN NOT EXISTS (SELECT 1 FROM conflicts WHERE kind = 'game_branch' AND entity_id = OLD.game_id AND json_extract(detail_json, '$.event.id') = OLD.id) BEGIN SELECT RAISE(ABORT, 'events are append-only'); END""",
)
