// One piece: every schema change in order, each as it was first applied (a change is a new entry, never an edit).
import type { Db, Tx } from './db'

/**
 * The schema, as versioned migrations applied in order at start-up (never edited once released: a change
 * is a new migration). Times are `timestamptz`; machine and design IDs are the vendor's strings.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'state intervals, design runs, gaps, the watcher',
    sql: `
      -- what a machine was doing from started_at to ended_at (null: still open). The state is not stored:
      -- it follows from the code through the status dictionary, which a factory may change later, and from
      -- turning (a machine that turns is running whatever its code). reporting = false: the machine was
      -- silent (its last_seen too old), the code is the last it sent. seen_since: the interval began before
      -- stitchboard saw it (after a start or a gap), so its start is a lower bound ("for at least 12 min").
      create table state_intervals (
        id bigserial primary key,
        machine_id text not null,
        code integer,
        turning boolean not null default false,
        reporting boolean not null default true,
        design_id text,
        started_at timestamptz not null,
        ended_at timestamptz,
        seen_since boolean not null default false,
        check (ended_at is null or ended_at >= started_at)
      );
      create unique index state_intervals_one_open on state_intervals (machine_id) where ended_at is null;
      create index state_intervals_machine_time on state_intervals (machine_id, started_at);
      create index state_intervals_time on state_intervals (started_at, ended_at);

      -- a design on a machine, from its loading to the next design (passes: completed passes at the end)
      create table design_runs (
        id bigserial primary key,
        machine_id text not null,
        design_id text not null,
        passes integer,
        started_at timestamptz not null,
        ended_at timestamptz,
        seen_since boolean not null default false
      );
      create unique index design_runs_one_open on design_runs (machine_id) where ended_at is null;
      create index design_runs_machine_time on design_runs (machine_id, started_at);

      -- times nobody recorded: stitchboard was not running, or the upstream did not answer
      create table gaps (
        id bigserial primary key,
        started_at timestamptz not null,
        ended_at timestamptz not null,
        reason text not null
      );
      create index gaps_time on gaps (started_at);

      -- one row: the last poll that read every machine (open intervals hold up to it), when recording
      -- began, and which instance polls (a lease, for more than one server on one database)
      create table watcher (
        id integer primary key check (id = 1),
        recording_since timestamptz,
        last_ok_at timestamptz,
        last_failure_at timestamptz,
        last_failure text,
        leader text,
        lease_until timestamptz,
        pruned_at timestamptz,
        backfilled_until timestamptz
      );
      insert into watcher (id) values (1);

      -- the polling instance's latest /machines answer, for the other instances on one server
      create table latest_machines (
        id integer primary key check (id = 1),
        at timestamptz not null,
        body text not null
      );
    `,
  },
  {
    version: 2,
    name: 'alerts: settings, alerts, their messages and every delivery attempt',
    sql: `
      -- the alert rules, escalation levels, channels (their addresses are secrets: never sent to a browser)
      -- and quiet hours, as one document changed only with ADMIN_TOKEN
      create table alert_settings (
        id integer primary key check (id = 1),
        settings jsonb not null,
        updated_at timestamptz not null
      );

      -- one alert: a cause on a machine (key: machine and cause, so one cause is always one alert) from
      -- raised through acknowledged to cleared; level: the highest escalation level told (-1: none yet);
      -- ok_since: since when the cause has been gone (it clears after the settings' clear time)
      create table alerts (
        id bigserial primary key,
        key text not null,
        rule text not null,
        machine_id text not null,
        machine_name text not null,
        cause text not null,
        detail text not null,
        since timestamptz not null,
        raised_at timestamptz not null,
        level integer not null default -1,
        acknowledged_at timestamptz,
        acknowledged_by text,
        ok_since timestamptz,
        cleared_at timestamptz
      );
      create unique index alerts_one_open on alerts (key) where cleared_at is null;
      create index alerts_raised on alerts (raised_at);

      -- what a channel is to be told: one message per alert, channel and kind (alert, all-clear), so
      -- nothing is ever sent twice; tests (alert_id null) from the settings page. Sent with retries.
      create table alert_messages (
        id bigserial primary key,
        alert_id bigint references alerts (id) on delete cascade,
        channel_id text not null,
        kind text not null check (kind in ('alert', 'all-clear', 'test')),
        level integer not null default 0,
        status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        last_error text,
        created_at timestamptz not null,
        sent_at timestamptz
      );
      create unique index alert_messages_once on alert_messages (alert_id, channel_id, kind)
        where alert_id is not null;
      create index alert_messages_due on alert_messages (next_attempt_at) where status = 'pending';

      -- every delivery attempt, kept for the settings page's channel health
      create table alert_attempts (
        id bigserial primary key,
        message_id bigint not null references alert_messages (id) on delete cascade,
        channel_id text not null,
        at timestamptz not null,
        ok boolean not null,
        detail text not null,
        duration_ms integer not null
      );
      create index alert_attempts_channel on alert_attempts (channel_id, at);
    `,
  },
  {
    version: 3,
    name: 'state intervals found by their end (the factory timeline)',
    sql: `
      -- the intervals overlapping a range are those that end after its start (or are open) and start
      -- before its end: read by the end, a recent range reads only what ended since its start, however
      -- long the history (by the start, it read the whole history before the range's end); the
      -- retention's delete of what ended before a day reads it too. Nothing else used the old index.
      create index state_intervals_ended on state_intervals (ended_at);
      drop index state_intervals_time;
    `,
  },
  {
    version: 4,
    name: 'what an alert is about, as data (its words in each reader’s language)',
    sql: `
      -- src/lib/alert-words.ts makes an alert's words from it in a dashboard's or a channel's language;
      -- cause and detail stay as the English words it was raised with (and for alerts raised before)
      alter table alerts add column what jsonb;
    `,
  },
  {
    version: 5,
    name: 'why machines stood: reasons, splits, planned stops and their log',
    sql: `
      -- the reasons list, the threshold, the code rules and the shifts' breaks (server/stops/settings.ts),
      -- one document changed with ADMIN_TOKEN
      create table stop_settings (
        id integer primary key check (id = 1),
        settings jsonb not null,
        updated_at timestamptz not null,
        updated_by text not null
      );

      -- planned stops entered ahead of time: scope {"kind": "all" | "location" | "machine", "id"}
      create table planned_stops (
        id bigserial primary key,
        scope jsonb not null,
        reason text not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        note text,
        created_by text not null,
        created_at timestamptz not null,
        cancelled_by text,
        cancelled_at timestamptz,
        check (ends_at > starts_at)
      );
      create index planned_stops_end on planned_stops (ends_at);

      -- the reason a person gave to a stop part, known by its machine and start (the stop's start, or a
      -- split within it); the latest holds, every change is in stop_log
      create table stop_reasons_given (
        id bigserial primary key,
        machine_id text not null,
        starts_at timestamptz not null,
        reason text not null,
        comment text,
        given_by text not null,
        given_at timestamptz not null
      );
      create unique index stop_reasons_given_part on stop_reasons_given (machine_id, starts_at);
      create index stop_reasons_given_start on stop_reasons_given (starts_at);

      -- where a person split a stop whose cause changed
      create table stop_splits (
        id bigserial primary key,
        machine_id text not null,
        at timestamptz not null,
        split_by text not null,
        split_at timestamptz not null
      );
      create unique index stop_splits_at on stop_splits (machine_id, at);

      -- every write: a reason given or changed, a split, a planned stop entered or cancelled, the settings
      -- saved; who, when, before and after
      create table stop_log (
        id bigserial primary key,
        action text not null check (action in ('reason', 'split', 'planned', 'cancel-planned', 'settings')),
        machine_id text,
        starts_at timestamptz,
        before jsonb,
        after jsonb,
        by text not null,
        at timestamptz not null
      );
      create index stop_log_stop on stop_log (machine_id, starts_at);
      create index stop_log_at on stop_log (at);
    `,
  },
  {
    version: 6,
    name: 'plan and pace: targets with their history, rejects per shift',
    sql: `
      -- targets per shift (every day, or one ISO weekday), for every machine, a location or a machine,
      -- in pieces and/or stitches; a change is a new row valid from its moment (a past shift is judged
      -- against the target in force then), a row with neither figure removes the target; each row is
      -- its own record of who and when
      create table plan_targets (
        id bigserial primary key,
        shift text not null,
        weekday smallint check (weekday between 1 and 7),
        scope jsonb not null,
        pieces bigint check (pieces >= 0),
        stitches bigint check (stitches >= 0),
        valid_from timestamptz not null,
        set_by text not null,
        set_at timestamptz not null
      );
      create index plan_targets_shift on plan_targets (shift, valid_from);

      -- rejects entered for a shift occurrence (the day it starts, factory time) and a location (null:
      -- the factory); the latest entry holds, every entry is kept
      create table shift_rejects (
        id bigserial primary key,
        shift text not null,
        day date not null,
        location_id integer,
        rejects integer not null check (rejects >= 0),
        entered_by text not null,
        entered_at timestamptz not null
      );
      create index shift_rejects_day on shift_rejects (day, shift);
    `,
  },
  {
    version: 7,
    name: 'shift reports: the figures of each shift that ended, frozen when built',
    sql: `
      -- one report per shift occurrence (the shift's name and the day it starts, factory time), built
      -- once its grace for late data has passed; the unique key makes it once with several instances
      create table shift_reports (
        id bigserial primary key,
        kind text not null check (kind in ('shift')),
        shift text not null,
        day date not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        figures jsonb not null,
        built_at timestamptz not null,
        built_by text not null,
        unique (kind, shift, day)
      );
      create index shift_reports_starts on shift_reports (starts_at);
    `,
  },
  {
    version: 8,
    name: 'shift reports: day and week summaries, corrections, delivery settings and their outbox',
    sql: `
      -- a day's and a week's summaries are reports too (their shift is '' and their day the first day)
      alter table shift_reports drop constraint shift_reports_kind_check;
      alter table shift_reports add constraint shift_reports_kind_check check (kind in ('shift', 'day', 'week'));

      -- a reason given (or changed) after a report was built, against the stop it explains: the report's
      -- figures stay as built, the archive shows the change with its date and who made it
      create table shift_report_corrections (
        id bigserial primary key,
        report_id bigint not null references shift_reports (id) on delete cascade,
        machine_id text not null,
        machine_name text not null,
        stop_start timestamptz not null,
        before text,
        after text,
        by text not null,
        at timestamptz not null
      );
      create index shift_report_corrections_report on shift_report_corrections (report_id);

      -- which channels get which report, the grace and the summaries' times; every save is kept in the log
      create table report_settings (
        id integer primary key check (id = 1),
        settings jsonb not null,
        updated_by text not null,
        updated_at timestamptz not null
      );
      create table report_log (
        id bigserial primary key,
        action text not null check (action in ('settings', 'send-now')),
        before jsonb,
        after jsonb,
        by text not null,
        at timestamptz not null
      );

      -- the reports' outbox: one message per report and channel (a "send now" adds its own), claimed by
      -- one instance at a time, every attempt kept
      create table report_messages (
        id bigserial primary key,
        report_id bigint not null references shift_reports (id) on delete cascade,
        channel_id text not null,
        requested_by text,
        status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        claimed_until timestamptz,
        claimed_by text,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz not null
      );
      create unique index report_messages_once on report_messages (report_id, channel_id) where requested_by is null;
      create index report_messages_due on report_messages (status, next_attempt_at);
      create table report_attempts (
        id bigserial primary key,
        message_id bigint not null references report_messages (id) on delete cascade,
        channel_id text not null,
        at timestamptz not null,
        ok boolean not null,
        detail text not null,
        duration_ms integer not null,
        instance text not null
      );
      create index report_attempts_message on report_attempts (message_id);
    `,
  },
  {
    version: 9,
    name: 'one outbox for the alerts and the shift reports, every attempt with its instance',
    sql: `
      -- what a channel is to be told, an alert's (alert, all-clear, test: alert_id null) or a shift
      -- report's; claimed by one instance at a time (claimed_by until claimed_until), sent with retries.
      -- An alert's message is queued once per alert, channel and kind, a report's once per report and
      -- channel unless someone asked for it ("send it now", requested_by).
      create table outbox_messages (
        id bigserial primary key,
        source text not null check (source in ('alert', 'report')),
        kind text not null check (kind in ('alert', 'all-clear', 'test', 'report')),
        alert_id bigint references alerts (id) on delete cascade,
        report_id bigint references shift_reports (id) on delete cascade,
        channel_id text not null,
        level integer not null default 0,
        requested_by text,
        status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        claimed_by text,
        claimed_until timestamptz,
        last_error text,
        created_at timestamptz not null,
        sent_at timestamptz,
        check ((source = 'report') = (kind = 'report')),
        check ((source = 'report') = (report_id is not null)),
        check (source = 'alert' or alert_id is null)
      );
      create unique index outbox_messages_alert_once on outbox_messages (alert_id, channel_id, kind)
        where alert_id is not null;
      create unique index outbox_messages_report_once on outbox_messages (report_id, channel_id)
        where report_id is not null and requested_by is null;
      create index outbox_messages_report on outbox_messages (report_id) where report_id is not null;
      create index outbox_messages_due on outbox_messages (next_attempt_at) where status = 'pending';

      -- every delivery attempt and the instance that made it (null: an alert's, before this was kept)
      create table outbox_attempts (
        id bigserial primary key,
        message_id bigint not null references outbox_messages (id) on delete cascade,
        channel_id text not null,
        at timestamptz not null,
        ok boolean not null,
        detail text not null,
        duration_ms integer not null,
        instance text
      );
      create index outbox_attempts_message on outbox_attempts (message_id);

      -- the two outboxes' rows move in, each in its own order: numbered by the time queued (or tried),
      -- where a row never counts as earlier than one before it in its old table (after: the latest time
      -- up to it there)
      insert into outbox_messages (id, source, kind, alert_id, report_id, channel_id, level, requested_by,
        status, attempts, next_attempt_at, claimed_by, claimed_until, last_error, created_at, sent_at)
      select row_number() over (order by after, source, old_id), source, kind, alert_id, report_id,
        channel_id, level, requested_by, status, attempts, next_attempt_at, claimed_by, claimed_until,
        last_error, created_at, sent_at
      from (
        select *, max(created_at) over (partition by source order by old_id) as after
        from (
          select 'alert' as source, id as old_id, kind, alert_id, null::bigint as report_id, channel_id,
            level, null::text as requested_by, status, attempts, next_attempt_at, null::text as claimed_by,
            null::timestamptz as claimed_until, last_error, created_at, sent_at
          from alert_messages
          union all
          select 'report', id, 'report', null, report_id, channel_id, 0, requested_by, status, attempts,
            next_attempt_at, claimed_by, claimed_until, last_error, created_at, sent_at
          from report_messages
        ) u
      ) m;
      insert into outbox_attempts (id, message_id, channel_id, at, ok, detail, duration_ms, instance)
      select row_number() over (order by a.after, a.source, a.old_id), n.id, a.channel_id, a.at, a.ok,
        a.detail, a.duration_ms, a.instance
      from (
        select *, max(at) over (partition by source order by old_id) as after
        from (
          select 'alert' as source, id as old_id, message_id, channel_id, at, ok, detail, duration_ms,
            null::text as instance
          from alert_attempts
          union all
          select 'report', id, message_id, channel_id, at, ok, detail, duration_ms, instance
          from report_attempts
        ) u
      ) a
      join (
        -- the messages' numbers as given above
        select row_number() over (order by after, source, old_id) as id, source, old_id
        from (
          select *, max(created_at) over (partition by source order by old_id) as after
          from (
            select 'alert' as source, id as old_id, created_at from alert_messages
            union all
            select 'report', id, created_at from report_messages
          ) u
        ) m
      ) n on n.source = a.source and n.old_id = a.message_id;
      select setval(pg_get_serial_sequence('outbox_messages', 'id'), max(id)) from outbox_messages
        having count(*) > 0;
      select setval(pg_get_serial_sequence('outbox_attempts', 'id'), max(id)) from outbox_attempts
        having count(*) > 0;
      drop table alert_attempts, alert_messages, report_attempts, report_messages;
    `,
  },
  {
    version: 10,
    name: "people, their sessions, the first administrator's codes and the audit log",
    sql: `
      -- a person who signs in: a local account (password_hash, scrypt) or, later, an identity provider's
      -- subject; role viewer < operator < supervisor < admin; locations limit an operator or supervisor
      -- (empty: every location)
      create table people (
        id bigserial primary key,
        login text not null,
        name text not null,
        role text not null check (role in ('viewer', 'operator', 'supervisor', 'admin')),
        locations integer[] not null default '{}',
        password_hash text,
        -- the identity provider's subject of a person who signs in there (OpenID Connect)
        subject text unique,
        -- the personal PIN and badge number on shared floor devices, as keyed digests (HMAC-SHA256 with
        -- the key in stitchboard_keys): unique, so a PIN names one person
        pin text unique,
        badge text unique,
        active boolean not null default true,
        created_at bigint not null,
        created_by text not null
      );
      create unique index people_login on people (lower(login));
      -- a signed-in browser: only the digest of its cookie's id; ended one by one or all at once, and
      -- after idle_ms without a request or at expires_at
      create table person_sessions (
        id bigserial primary key,
        digest text not null unique,
        person_id bigint not null references people (id) on delete cascade,
        created_at bigint not null,
        seen_at bigint not null,
        expires_at bigint not null,
        ended_at bigint,
        ended_by text,
        address text not null default '',
        agent text not null default ''
      );
      create index person_sessions_person on person_sessions (person_id);
      -- a sign-in at the identity provider under way: its state (the browser holds it in a cookie too),
      -- the PKCE verifier and the nonce, for 10 minutes
      create table oidc_logins (
        id bigserial primary key,
        state text not null unique,
        verifier text not null,
        nonce text not null,
        next text not null,
        created_at bigint not null
      );
      -- an enrolled device: a floor tablet or phone (operators identify on it with a PIN or badge) or a
      -- wall screen; enrolled once with a short code (its digest, used up), then known by its cookie's
      -- digest; revocable one by one; its PIN entry locked after 5 wrong PINs until a supervisor unlocks it
      create table devices (
        id bigserial primary key,
        kind text not null check (kind in ('floor', 'wall')),
        name text not null,
        location_id integer,
        digest text unique,
        code_digest text unique,
        code_expires_at bigint,
        created_at bigint not null,
        created_by text not null,
        enrolled_at bigint,
        seen_at bigint,
        address text not null default '',
        revoked_at bigint,
        revoked_by text,
        pin_failures integer not null default 0,
        pin_locked_at bigint
      );
      -- keys stitchboard makes for itself (the PINs' HMAC key), the same for every instance
      create table stitchboard_keys (
        id bigserial primary key,
        name text not null unique,
        value text not null
      );
      -- the one-time codes a server prints while no administrator exists (digests)
      create table first_admin_codes (
        id bigserial primary key,
        digest text not null unique,
        expires_at bigint not null
      );
      -- every write and every sign-in: when, who (and how they were known), from where, what, and how it
      -- ended; appended only: a row is never changed, and rows go only by the pruning of those older than
      -- HISTORY_DAYS (which sets stitchboard.audit_prune for its transaction)
      create table audit_log (
        id bigserial primary key,
        at bigint not null,
        actor text not null,
        actor_id bigint,
        -- the role the actor had then (null: no one signed in), and the enrolled device it came from
        role text,
        device text,
        via text not null,
        address text not null default '',
        category text not null,
        event text not null,
        target text not null default '',
        result text not null check (result in ('ok', 'refused', 'failed')),
        status integer not null,
        detail jsonb not null default '{}'
      );
      create index audit_log_at on audit_log (at);
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          raise exception 'the audit log is appended to only: a row cannot be changed';
        end if;
        if current_setting('stitchboard.audit_prune', true) is distinct from 'on' then
          raise exception 'the audit log is appended to only: rows go only when their retention ends';
        end if;
        return old;
      end $$;
      create trigger audit_log_append_only before update or delete on audit_log
        for each row execute function audit_log_append_only();
    `,
  },
  {
    version: 11,
    name: "a person linked to the vendor's operator records",
    sql: `
      -- the operatorId of /reports/operator-overview this person is (one person per operator)
      alter table people add column vendor_operator_id text;
      create unique index people_vendor_operator on people (vendor_operator_id) where vendor_operator_id is not null;
    `,
  },
  {
    version: 12,
    name: 'the order book: orders, their lines, the pieces counted for them',
    sql: `
      -- an order of a customer, due at a time; version rises with every change (a change made on an older
      -- version is refused, so two people never overwrite each other); machine_ids: the machines it is
      -- meant for (empty: any)
      create table orders (
        id bigserial primary key,
        reference text not null,
        customer text not null,
        due_at timestamptz not null,
        priority text not null check (priority in ('low', 'normal', 'high')),
        machine_ids jsonb not null default '[]',
        note text not null default '',
        created_at timestamptz not null,
        created_by text not null,
        updated_at timestamptz not null,
        updated_by text not null,
        version integer not null default 1,
        done_at timestamptz
      );
      create unique index orders_reference on orders (lower(reference));
      create index orders_open on orders (due_at) where done_at is null;

      -- a design and how many pieces of it; made: the sum of its pieces rows, kept with them
      create table order_lines (
        id bigserial primary key,
        order_id bigint not null references orders (id) on delete cascade,
        position integer not null,
        design_id text not null,
        quantity integer not null check (quantity > 0 and quantity <= 10000000),
        made integer not null default 0 check (made >= 0),
        done_at timestamptz
      );
      create index order_lines_order on order_lines (order_id, position);

      -- every count of a line: pieces a machine made in a span (kind machine), or a person's correction
      -- (kind correction, or scrap) with its reason
      create table order_pieces (
        id bigserial primary key,
        line_id bigint not null references order_lines (id) on delete cascade,
        kind text not null check (kind in ('machine', 'correction', 'scrap')),
        machine_id text,
        pieces integer not null,
        from_at timestamptz,
        till_at timestamptz,
        reason text,
        by text,
        at timestamptz not null
      );
      create index order_pieces_line on order_pieces (line_id, at);

      -- one row: the pieces the machines made are counted up to tracked_until (moved forward in the
      -- transaction that books them, so a span is never counted twice, whichever instance counts it)
      create table order_tracker (
        id integer primary key check (id = 1),
        tracked_until timestamptz
      );
      insert into order_tracker (id) values (1);
    `,
  },
  {
    version: 13,
    name: 'the CSV import of orders remembers its column mapping',
    sql: `
      -- the order book's one row also keeps which column of an ERP's CSV export holds what (JSON), from
      -- the last import that saved orders
      alter table order_tracker add column import_mapping text;
    `,
  },
  {
    version: 14,
    name: 'maintenance by use: the counted use of the machines, the tasks and their sign-offs',
    sql: `
      -- each machine's use as stitchboard counted it, summed from counted_since: the running milliseconds (the
      -- turning, reporting intervals), the stitches sewn, and the milliseconds nobody recorded (gaps, the
      -- machine not listed). last_*: the machine at the last poll counted (counted_until), to count the next
      create table machine_use (
        id bigserial primary key,
        machine_id text not null unique,
        running_ms bigint not null default 0,
        stitches bigint not null default 0,
        unrecorded_ms bigint not null default 0,
        counted_since timestamptz not null,
        counted_until timestamptz not null,
        last_turning boolean not null default false,
        last_reporting boolean not null default false,
        last_design text,
        last_passes integer,
        last_stitch integer,
        last_design_stitches integer,
        last_speed integer
      );

      -- a maintenance task: which machines (scope: {"all": true}, {"locationId": n} or {"machineIds": [...]}),
      -- per machine or per head, due every interval_value of interval_kind; version rises with every change;
      -- removed tasks are kept for their sign-offs
      create table maintenance_tasks (
        id bigserial primary key,
        name text not null,
        scope jsonb not null,
        per text not null check (per in ('machine', 'head')),
        interval_kind text not null check (interval_kind in ('hours', 'stitches', 'days')),
        interval_value double precision not null check (interval_value > 0),
        note text not null default '',
        created_at timestamptz not null,
        created_by text not null,
        updated_at timestamptz not null,
        updated_by text not null,
        version integer not null default 1,
        removed_at timestamptz
      );

      -- a task done on a machine (head: null for a machine's task): who, when, a note, and the machine's
      -- counted use then (its counters start again from it). counted = false: a second sign-off of the same
      -- due, kept for the record but not counted
      create table maintenance_signoffs (
        id bigserial primary key,
        task_id bigint not null references maintenance_tasks (id) on delete cascade,
        machine_id text not null,
        head integer,
        at timestamptz not null,
        by text not null,
        note text not null default '',
        running_ms bigint not null,
        stitches bigint not null,
        unrecorded_ms bigint not null,
        counted boolean not null default true,
        start boolean not null default false
      );
      -- start: not a sign-off but the machine's use when the task was made (its count starts there)
      create index maintenance_signoffs_task on maintenance_signoffs (task_id, machine_id, at);
      create index maintenance_signoffs_last on maintenance_signoffs (task_id, machine_id, head, at desc, id desc)
        where counted;
      create index maintenance_signoffs_at on maintenance_signoffs (at);

      -- a technician's verdict on one of the thread-break assistant's checks (kind: needle, head or cell)
      create table break_check_verdicts (
        id bigserial primary key,
        machine_id text not null,
        kind text not null check (kind in ('needle', 'head', 'cell')),
        head integer,
        needle integer,
        right_check boolean not null,
        by text not null,
        at timestamptz not null
      );
      create index break_check_verdicts_at on break_check_verdicts (at);
    `,
  },
  {
    version: 15,
    name: 'maintenance by breaks and once; checks of speed and stretch',
    sql: `
      -- a task due every so many thread breaks (of the machine, or of each head), or once, a number of days
      -- after it was made
      alter table maintenance_tasks drop constraint maintenance_tasks_interval_kind_check;
      alter table maintenance_tasks add constraint maintenance_tasks_interval_kind_check
        check (interval_kind in ('hours', 'stitches', 'days', 'breaks', 'once'));
      -- the assistant's checks of a machine's speed and of a stretch of a design
      alter table break_check_verdicts drop constraint break_check_verdicts_kind_check;
      alter table break_check_verdicts add constraint break_check_verdicts_kind_check
        check (kind in ('needle', 'head', 'cell', 'speed', 'stretch'));
    `,
  },
]

/** The advisory lock under which the schema changes on a server: two instances starting together do not
 * both apply one, and a restore (./backup.ts) is not raced by a starting instance. */
export async function holdSchemaLock(tx: Tx, kind: Db['kind']): Promise<void> {
  if (kind === 'server') await tx.query('select pg_advisory_xact_lock(hashtext($1))', ['stitchboard-migrate'])
}

/** The newest migration this stitchboard knows. */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version))

/** Applies the migrations not yet applied (up to `upTo`, by default all) in one transaction, under the
 * schema lock. Returns the versions applied. */
export async function migrate(db: Db, options: { upTo?: number } = {}): Promise<number[]> {
  return db.transaction((tx) => applyMigrations(tx, db.kind, options))
}

/** `migrate` inside a transaction the caller holds: a restore brings an empty database to its backup's
 * version, inserts the rows and applies the rest, all or nothing. */
export async function applyMigrations(
  tx: Tx,
  kind: Db['kind'],
  { upTo = SCHEMA_VERSION }: { upTo?: number } = {},
): Promise<number[]> {
  const applied: number[] = []
  await holdSchemaLock(tx, kind)
  await tx.exec(`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`)
  const done = new Set(
    (await tx.query<{ version: number }>('select version from schema_migrations')).map((r) =>
      Number(r.version),
    ),
  )
  const newest = Math.max(0, ...done)
  if (newest > SCHEMA_VERSION)
    throw new Error(
      `the database has schema version ${newest}, newer than this stitchboard knows (${SCHEMA_VERSION}): run the newer stitchboard, or another database`,
    )
  for (const migration of MIGRATIONS) {
    if (done.has(migration.version) || migration.version > upTo) continue
    await tx.exec(migration.sql)
    await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
      migration.version,
      migration.name,
    ])
    applied.push(migration.version)
  }
  return applied
}
