//! The integration tests: one crate, one module per subject, sharing
//! [`support`] (test databases, the console world, the fakes of Telegram and
//! Discord with the bots wired against them, the crash test's driver).
//! `cargo test --test it MODULE` runs one subject, e.g.
//! `cargo test --test it scheduler`. The golden transcripts are in
//! `tests/transcripts/`; proptest keeps its regressions in
//! `tests/proptest-regressions/`.

mod support;

mod app_console;
mod app_desk;
mod app_events;
mod app_leave;
mod app_link;
mod app_play;
mod app_profile;
mod authorization;
mod bad_input;
mod case_rules;
mod clock_postal;
mod clock_props;
mod clock_server;
mod console_media;
mod console_shutdown;
mod crash_recovery;
mod cross_platform;
mod crosstable_ratings;
mod desk_roles;
mod discord_e2e;
mod discord_fairness;
mod discord_play;
mod discord_run;
mod discord_shards;
mod discord_threads;
mod discord_transport;
mod entry_rules;
mod error_boundary;
mod event_audit;
mod event_manage;
mod event_zone;
mod fuzz_console;
mod game_results;
mod graceful_shutdown;
mod identity_names;
mod invitations;
mod leave;
mod multi_process;
mod notation_props;
mod notation_table;
mod notice_delivery;
mod operations;
mod outbox;
mod pgn_roundtrip;
mod platform_native;
mod postal_deadlines;
mod postal_impossible;
mod private_answers;
mod races;
mod rate_budget;
mod ratings;
mod render_board;
mod render_gif;
mod render_table;
mod rules_gaps;
mod scheduler;
mod simulate;
mod statement_counts;
mod store_contract;
mod store_dump;
mod storms;
mod team_events;
mod team_privacy;
mod team_roles;
mod team_rules;
mod telegram_delivery;
mod telegram_e2e;
mod telegram_fairness;
mod telegram_leader;
mod telegram_transport;
mod thematic;
mod transcripts;
mod turn_play;
mod web_browser;
mod web_listen;
mod web_ops;
mod web_pages;
mod web_privacy;
