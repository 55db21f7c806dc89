"""Settings shared by every mode. ``embedded``, ``production`` and ``test`` build on these."""

from pathlib import Path
from typing import Any

import environ
from celery.schedules import crontab

BASE_DIR = Path(__file__).resolve().parent.parent.parent
env = environ.Env()

# Public (it is in the source): for the embedded mode only; production refuses it (production.py).
EMBEDDED_SECRET_KEY = "insecure-embedded-only-key-change-me"
SECRET_KEY = env("DJANGO_SECRET_KEY", default=EMBEDDED_SECRET_KEY)
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
PUBLIC_BASE_URL = env("PUBLIC_BASE_URL", default="http://127.0.0.1:8000")

INSTALLED_APPS = [
    # first: its ``runserver`` (daphne's, with the sockets of config/ws.py) is the one run
    "config",
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "corsheaders",
    "allauth",
    "allauth.account",
    "allauth.headless",
    "apps.common",
    "apps.accounts",
    "apps.matches",
    "apps.computer",
    "apps.analysis",
    "apps.chat",
    "apps.moderation",
    "apps.wallet",
    "apps.ranking",
    "apps.web",
]

MIDDLEWARE = [
    # outermost: the unread rest of a refused body is read, so keep-alive survives (bodies.py)
    "apps.common.bodies.UnreadBodyMiddleware",
    # X-Request-ID: taken or made, answered, in every log line and the tasks sent (logs.py)
    "apps.common.logs.RequestIdMiddleware",
    # /healthz and /readyz, before the host check, the HTTPS redirect and sessions
    "apps.common.health.HealthMiddleware",
    # the language answered in (the visitor's choice on pages, Accept-Language on the API), so
    # that every refusal below speaks it too (apps/web/middleware.py)
    "apps.web.middleware.ClubLanguageMiddleware",
    # CORS next: a preflight is answered before anything else (authentication included).
    "corsheaders.middleware.CorsMiddleware",
    # HTTPS only: an API call over plain HTTP is refused, not redirected (https.py)
    "apps.common.https.HttpsOnlyApiMiddleware",
    # a URI over 2048 characters: 414 problem+json (uris.py)
    "apps.common.uris.UriLengthMiddleware",
    "apps.common.middleware.ApiProblemMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Django's, but a request that finds its session gone leaves the cookie (a login's, since)
    "apps.common.sessions.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# Logs: Django's own (on the console under DEBUG), except that a request for a host not in
# ALLOWED_HOSTS is one WARNING line without a traceback (apps/common/logs.py). Production's
# JSON logs keep these filters and loggers.
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"foreign_host": {"()": "apps.common.logs.ForeignHostFilter"}},
    "loggers": {"django.security.DisallowedHost": {"filters": ["foreign_host"]}},
}

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The club is Hungarian; a visitor may choose English (apps/web/middleware.py).
LANGUAGE_CODE = "hu"
LANGUAGES = [("hu", "Magyar"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT: Path | None = BASE_DIR / "staticfiles"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

SESSION_ENGINE = "apps.common.sessions"

# --- allauth (headless: JSON endpoints for apps and browsers) -------------------------------
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_EMAIL_VERIFICATION_BY_CODE_ENABLED = True
ACCOUNT_PASSWORD_RESET_BY_CODE_ENABLED = True
ACCOUNT_ADAPTER = "apps.accounts.adapters.AccountAdapter"
# allauth's limits count per client address as apps/common/addresses.py reads it (the adapter's
# get_client_ip; ALLAUTH_TRUSTED_PROXY_COUNT stays unset: TRUSTED_PROXY_COUNT below says it).
# Failed logins (apps/accounts/logins.py, docs/api.md "Login limits"): per address, whatever the
# accounts ("ip"), and per account *and* address ("key"), so that guessing holds back the
# guesser and never locks the owner out. Beyond either: 429 too_many_login_attempts with
# Retry-After. A guess from many addresses at one account is held back only address by address
# (the price of never locking the owner out); long passwords (AUTH_PASSWORD_VALIDATORS) carry it.
# Codes mailed to one address (a sign-up's, a login's to an unfinished sign-up, "send it again"):
# a few within minutes, so that a player back from a closed tab is not refused (allauth's own
# default is one in 3 minutes), and nobody floods an inbox.
ACCOUNT_RATE_LIMITS = {
    "login_failed": env("LOGIN_FAILED_RATES", default="10/m/ip,5/5m/key"),
    "confirm_email": env("CONFIRM_EMAIL_RATES", default="5/10m/key"),
}
HEADLESS_ONLY = True
HEADLESS_CLIENTS = ("app", "browser")
# Codes, not links: the mails carry a code the player types in the page they are on (sign-up,
# a forgotten password, a new address), and a link only to a page of the web client
# (apps/accounts/mail_texts.py; tests/accounts/test_mails.py opens each one).
ACCOUNT_EMAIL_VERIFICATION_SUPPORTS_RESEND = True  # "send the code again"
ACCOUNT_LOGIN_ON_PASSWORD_RESET = True  # a new password by code signs the player in
ACCOUNT_CHANGE_EMAIL = True  # one address per player: a new one replaces it once confirmed
ACCOUNT_EMAIL_NOTIFICATIONS = True  # "your password / address was changed", with a way back
HEADLESS_FRONTEND_URLS = {
    "account_reset_password": PUBLIC_BASE_URL + "/account/password/reset",
    "account_signup": PUBLIC_BASE_URL + "/account/signup",
}
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Snapszer Klub <noreply@snapszer.invalid>")
# A failed CSRF check on the browser endpoints (and the API) answers problem+json, not HTML.
CSRF_FAILURE_VIEW = "apps.common.errors.csrf_failure"
# allauth's own OpenAPI specification of its endpoints, at /_allauth/openapi.json (and .yaml);
# Swagger UI shows it at /api/docs/allauth/. No HTML page of allauth's (it loads a CDN).
HEADLESS_SERVE_SPECIFICATION = True
HEADLESS_SPECIFICATION_TEMPLATE_NAME = None

# --- CORS: web apps on other origins (docs/api.md, conventions) -------------------------------
# The origins allowed to call the API from a browser, e.g. "https://app.example.org,
# http://localhost:5173"; empty (the default): no cross-origin access. They authenticate with
# X-Session-Token (no cookies cross-origin); a preflight is answered before authentication.
CORS_ALLOWED_ORIGINS = env.list("CORS_ALLOWED_ORIGINS", default=[])
CORS_URLS_REGEX = r"^/(api|_allauth)/"
CORS_ALLOW_HEADERS = ("accept", "content-type", "x-session-token")
CORS_EXPOSE_HEADERS = ("Retry-After", "WWW-Authenticate", "Allow", "X-Request-ID")
CORS_ALLOW_CREDENTIALS = False
CORS_PREFLIGHT_MAX_AGE = 3600

# --- client addresses, as every per-address limit counts them (apps/common/addresses.py) ----
# How many reverse proxies stand in front of the web and socket processes, each one appending
# to X-Forwarded-For the address it got the request from. 0 (the default): none, the socket's
# peer is the client and the header, which any client can write, is ignored. N: the N-th entry
# from the right is the client's, anything to its left is the client's own writing and ignored.
# deploy/compose.yaml sets 1 for its nginx (which overwrites the header with the address it saw).
# Too high a count lets clients pick their address; too low counts all of them as the proxy.
# The web processes must not be reachable but through the proxies.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)

# Guests created per client address (429 ``throttled`` beyond), as DRF writes rates.
GUEST_CREATE_RATE = env("GUEST_CREATE_RATE", default="30/hour")

# Hints (what Kati would play, games against her only) per player: each is a search of up to
# half a second in the web process (429 ``throttled`` beyond).
HINT_RATE = env("HINT_RATE", default="12/min")
# tries at deleting one's account, each of which checks a password (POST /api/v1/me/delete/)
ACCOUNT_DELETE_RATE = env("ACCOUNT_DELETE_RATE", default="5/hour")
# A finished klub or sixty-six deal is analysed by a worker as soon as it ends (apps/analysis);
# off, a deal's analysis is made when a seat first asks for it (the suite, the embedded mode)
ANALYSIS_AFTER_DEAL = env.bool("ANALYSIS_AFTER_DEAL", default=True)

# --- REST ------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "apps.common.authentication.SessionTokenAuthentication",
        "apps.common.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["apps.common.errors.JSONParser"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "apps.common.negotiation.CachedContentNegotiation",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "apps.common.errors.problem_exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # DRF's own throttles read X-Forwarded-For whole unless told the proxies (the guest
    # throttle asks apps/common/addresses.py instead; this is for any stock throttle)
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
}
SPECTACULAR_SETTINGS: dict[str, Any] = {
    "TITLE": "Snapszer Klub API",
    "DESCRIPTION": (
        "Play Snapszer (Hungarian 66) against the computer or friends. A walk through a whole "
        "match, the WebSocket push and the fair-play check are in docs/api.md.\n\n"
        "**Authentication:** send `X-Session-Token: <token>` (a guest's `session_token` from "
        "`POST /api/v1/guests/`, or allauth's `meta.session_token` after "
        "`/_allauth/app/v1/auth/login`).\n\n"
        "**Errors** are `application/problem+json` with a stable `code` "
        '(`{"type", "title", "status", "detail", "code", …}`).\n\n'
        "**Pushed events:** WebSocket `/ws/matches/{match_id}/` (not part of this schema): "
        'first message `{"type": "authenticate", "token": "…"}`, then envelopes '
        '`{"type": "event", "match_id", "seq", "event"}`.'
    ),
    "VERSION": "1.0.0",
    # Swagger UI's assets are served by the app itself (no CDN): works offline and under a CSP.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": r"/api/v[0-9]+",
    "TAGS": [
        {"name": "accounts", "description": "Guests and your profile"},
        {"name": "games", "description": "The games the server plays, as their variants declare"},
        {"name": "matches", "description": "Matches: state, actions, events, deal records"},
        {"name": "rooms", "description": "Friend rooms with invite codes"},
        {"name": "moderation", "description": "Reports about players, and your notices"},
        {"name": "chat", "description": "Text chat of online matches"},
        {"name": "blocks", "description": "Players you blocked (private to you)"},
        {"name": "calls", "description": "Voice calls: ICE servers (signalling is on the socket)"},
    ],
    # The engine's views and events are declared next to the engine code that builds them
    # (apps/matches/engine/shapes.py, each variant's Rules.shapes); this hook makes them the
    # components MatchView (KlubMatchView, SixtySixMatchView …), Event … (with their enums:
    # ViewStatusEnum, PhaseEnum, ActionTypeEnum, DealEndReasonEnum, MatchEndReasonEnum). It
    # runs after the enum hook.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "apps.matches.api.schema.declared_components",
        "apps.matches.api.schema.match_links",
        "apps.common.schema.edge_responses",
        "apps.common.schema.strict_requests",
        "apps.matches.api.schema.game_targets",
    ],
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": "apps.matches.api.schema.MATCH_STATUSES",
        "RematchStatusEnum": "apps.matches.api.schema.REMATCH_STATUSES",
        "MatchModeEnum": "apps.matches.api.schema.MATCH_MODES",
        "PublicMatchModeEnum": "apps.ranking.api.PUBLIC_MODES",
        "ReportCategoryEnum": "apps.moderation.api.REPORT_CATEGORIES",
        "ReportStatusEnum": "apps.moderation.api.REPORT_STATUSES",
        "NoticeKindEnum": "apps.moderation.api.NOTICE_KINDS",
        "RestrictionCodeEnum": "apps.moderation.api.RESTRICTION_CODES",
    },
    "SWAGGER_UI_SETTINGS": {"persistAuthorization": True},
}
SPECTACULAR_SETTINGS["DESCRIPTION"] += (
    "\n\n**Error codes:** `GET /api/v1/errors/` lists every `code` with its status and "
    "meaning (the `code` enum of `Problem` below).\n\n"
    "**Sign-up, login, e-mail codes, password reset** are allauth's headless endpoints "
    "(`/_allauth/app/v1/…` for apps, `/_allauth/browser/v1/…` for browsers): their own "
    "OpenAPI specification is [/_allauth/openapi.json](/_allauth/openapi.json), shown at "
    "[/api/docs/allauth/](/api/docs/allauth/).\n\n"
    "**Every socket message** in both directions, and the close codes (4401, 4403, 4404): "
    "docs/api.md, section 6.1."
)
SPECTACULAR_SETTINGS["TAGS"].append(
    {"name": "reference", "description": "The API's own reference: the error catalogue"}
)
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]["ProblemCodeEnum"] = "apps.common.catalogue.CODES"

# --- Celery ----------------------------------------------------------------------------------
CELERY_TASK_ALWAYS_EAGER = False
# One broker can serve several deployments (or test runs): each names its own queue.
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_QUEUE", default="celery")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULE = {
    "rooms-expire-sweep": {"task": "apps.matches.tasks.rooms_expire_sweep", "schedule": 60.0},
    # Deadlines also fire by a task scheduled at each one, and on every load of the match.
    "matches-deadlines-sweep": {
        "task": "apps.matches.tasks.deadlines_sweep",
        "schedule": 5.0,
    },
    # The computer moves by a task queued after each commit; the sweep queues the moves whose
    # task was lost (a broker that did not answer, a worker that died).
    "computer-moves-sweep": {"task": "apps.computer.tasks.bot_moves_sweep", "schedule": 5.0},
    # A match against Kati left alone for KATI_MATCH_IDLE_HOURS ends (lapsed, counted nowhere).
    "kati-matches-lapse": {"task": "apps.matches.tasks.kati_matches_lapse", "schedule": 600.0},
    # Suspensions also end by a task scheduled at their end; the sweep catches any it missed.
    "moderation-suspensions-end": {
        "task": "apps.moderation.tasks.suspensions_end_sweep",
        "schedule": 60.0,
    },
    "moderation-reports-escalate": {
        "task": "apps.moderation.tasks.reports_escalate_sweep",
        "schedule": 300.0,
    },
    # Pairing also runs when a ticket arrives; the sweep widens the accepted gaps as time passes.
    "ranking-matchmaking-sweep": {
        "task": "apps.ranking.tasks.matchmaking_sweep",
        "schedule": 5.0,
    },
    # The monthly tournament closes shortly after midnight UTC on the 1st (idempotent; the
    # hourly run on the 1st catches a missed one).
    "ranking-months-close": {
        "task": "apps.ranking.tasks.months_close",
        "schedule": crontab(minute=5, hour="*", day_of_month=1),
    },
}

# A match against Kati whose last move is this many hours old ends by itself (reason "lapsed":
# no winner, no stats count it; apps/matches/lapses.py), swept every ten minutes.
KATI_MATCH_IDLE_HOURS = env.float("KATI_MATCH_IDLE_HOURS", default=24.0)
# A match where the computer must move and nothing happened for this long is swept: its move's
# task was lost (apps.computer.services.bot_moves_sweep). Kati moves within her think time (below).
COMPUTER_MOVE_OVERDUE_SECONDS = env.int("COMPUTER_MOVE_OVERDUE_SECONDS", default=10)
# Kati's think time (docs/bots.md, "Kati's timing"): her move is applied this many seconds after
# the event it answers, whatever she holds, so that nobody at the table learns anything about her
# cards from when it arrives (how long she computes depends on them). Keyed "variant/level/kind",
# any part "*"; the kind is public: bidding, doubling, lead, follow, word ("enough" out of turn),
# count (sixty-six's word after the last trick). The variant counts most, then the level, then
# the kind. Each entry must stay above its decisions' longest compute (bench/kati_timing.py
# --compute): a move computed past its time is applied at once, and logged. A paused or quit
# player's seat is played at the stand-in's level (club). A JSON object in the environment
# replaces the whole schedule.
COMPUTER_THINK_SECONDS = env.json(
    "COMPUTER_THINK_SECONDS",
    default={
        "*/*/*": 0.7,
        "*/*/doubling": 0.6,
        "*/*/word": 0.6,
        "*/expert/*": 1.0,
        "klub/expert/lead": 1.6,
        "sixty-six/expert/lead": 2.2,
        "partnership/*/lead": 1.0,
        "partnership/expert/doubling": 0.8,
    },
)

# --- the club ------------------------------------------------------------------------------
INVITE_CODE_TTL_SECONDS = env.int("INVITE_CODE_TTL_SECONDS", default=24 * 3600)
REMATCH_TTL_SECONDS = env.int("REMATCH_TTL_SECONDS", default=60)
WS_AUTH_TIMEOUT_SECONDS = 10
# partnership's doubling window (Kontra, Rekontra, Subkontra): open this long after the bidding
# and after each doubling; passed to its rules by apps/matches/variant_settings.partnership_rules
# when the product registers the variant (it does not offer it yet: variants.BUILT_IN)
PARTNERSHIP_DOUBLING_SECONDS = env.int("PARTNERSHIP_DOUBLING_SECONDS", default=5)

# a match the server makes (a ranked pairing, a rematch) waits this long at most for its
# players' seeds for the first deal's shuffle (docs/api.md 7.0); the deal comes as soon as the
# last is in, so only a player whose client sends none waits it out (a phone told of its
# pairing must open the table first: room for a slow one). 0: no wait, server seeds
FIRST_DEAL_SEED_SECONDS = env.int("FIRST_DEAL_SEED_SECONDS", default=10)

# --- moderation (docs/moderation.md) ----------------------------------------------------------
# A report nobody resolved or dismissed within this many hours is escalated (once) to the
# administrators (active staff superusers, by e-mail).
REPORT_ESCALATION_HOURS = env.int("REPORT_ESCALATION_HOURS", default=24)
# How many reports one player may file per rolling hour (429 ``too_many_reports`` beyond).
REPORTS_PER_HOUR = env.int("REPORTS_PER_HOUR", default=10)
# At most this many chat messages of the match are copied into a report's evidence.
REPORT_EVIDENCE_MAX_MESSAGES = 200
# The suspension steps of the ladder, in days; after the last one the next step is a ban.
MODERATION_SUSPENSION_LADDER_DAYS = [1, 7, 30]

# --- wallet (docs/wallet.md) ------------------------------------------------------------------
# Coins a registered player gets from the club when their wallet opens (guests get no wallet).
WALLET_SIGNUP_GRANT = env.int("WALLET_SIGNUP_GRANT", default=1000)
# The stakes a ranked match may be played for (``400 invalid_stake`` otherwise).
WALLET_STAKES = (20, 50, 100, 200, 500, 1000)
# The most coins one admin grant may give (a guard against typing a zero too many).
WALLET_GRANT_MAX = env.int("WALLET_GRANT_MAX", default=1_000_000)
SPECTACULAR_SETTINGS["TAGS"].append({"name": "wallet", "description": "Your coins and ledger"})
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]["TransferKindEnum"] = "apps.wallet.api.TRANSFER_KINDS"

# --- chat and voice calls ------------------------------------------------------------------
CHAT_RATE_LIMIT_MESSAGES = env.int("CHAT_RATE_LIMIT_MESSAGES", default=5)  # per player …
CHAT_RATE_LIMIT_SECONDS = env.int("CHAT_RATE_LIMIT_SECONDS", default=10)  # … in this window
# RTCIceServer objects handed to the two players of an accepted call, as JSON, e.g.
# [{"urls": ["stun:stun.example.org:3478"]},
#  {"urls": ["turn:turn.example.org:3478?transport=udp"], "username": "u", "credential": "p"}]
ICE_SERVERS = env.json(
    "ICE_SERVERS",
    default=[{"urls": ["stun:stun.l.google.com:19302", "stun:stun1.l.google.com:19302"]}],
)
CALL_RING_SECONDS = 45  # a proposal nobody accepts ends after this

# --- Presence (apps/matches/deadlines.py; the rules' own clocks are in engine/presence.py) -----
PRESENCE_HEARTBEAT_SECONDS = 10  # how often a match socket or a REST client should say "ping"
PRESENCE_TIMEOUT_SECONDS = 30  # silent this long: the seat is gone, its reconnect window opens
PRESENCE_WRITE_SECONDS = 5  # a seat's last_seen_at is written at most this often per process
CALL_STATE_TTL_SECONDS = 6 * 3600  # the cache keeps an active call's state at most this long
CALL_SIGNAL_MAX_BYTES = 16 * 1024  # an offer, answer or ICE candidate, as JSON

# --- ranking: Elo, matchmaking, the monthly tournament (docs/ranking.md) ---------------------
# The match service's function that starts a ranked match (dotted path):
# create(*, user_ids: tuple[int, int], stake: int) -> str (the match id)
RANKING_MATCH_CREATOR = env(
    "RANKING_MATCH_CREATOR", default="apps.matches.services.match_create_ranked"
)
# The accepted rating gap of a pair: GAP_BASE + GAP_PER_SECOND × seconds waited (by the longer
# waiting of the two), at most GAP_MAX.
RANKING_GAP_BASE = 100
RANKING_GAP_PER_SECOND = 10
RANKING_GAP_MAX = 600
# A ticket nobody was paired with is cancelled ("expired") after this many seconds.
RANKING_TICKET_MAX_WAIT_SECONDS = env.int("RANKING_TICKET_MAX_WAIT_SECONDS", default=600)
# At most this many waiting tickets of one pool (game, target, stake) are considered by one
# pairing run.
RANKING_PAIRING_BATCH = 200
# Rows per leaderboard page.
RANKING_PAGE_SIZE = 25
SPECTACULAR_SETTINGS["TAGS"] += [
    {
        "name": "matchmaking",
        "description": "Ranked matches: look for an opponent in a game, to a target, at a stake",
    },
    {"name": "players", "description": "Players' ranked results and medals, per game"},
    {
        "name": "leaderboards",
        "description": "Each ranked game's Elo ladder and monthly tournaments (open to visitors)",
    },
]
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"] |= {
    "TicketStatusEnum": "apps.ranking.api.TICKET_STATUSES",
    # every game, and the ranked ones (two seats): read from the registry when the schema is made
    "VariantEnum": "apps.matches.engine.registry.variant_names",
    "RankedVariantEnum": "apps.ranking.variants.ranked_variants",
    "TicketCancelReasonEnum": "apps.ranking.api.CANCEL_REASONS",
    "MedalKindEnum": "apps.ranking.api.MEDAL_KINDS",
}
