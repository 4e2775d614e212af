"""Django settings for nardy, all read from the environment with safe defaults.

Variables (all optional):
  NARDY_DEBUG / DEBUG       1 to turn DEBUG on (off by default)
  NARDY_SECRET_KEY          else a key generated once into var/secret_key
  NARDY_ALLOWED_HOSTS       comma-separated; default loopback names
  NARDY_CSRF_TRUSTED_ORIGINS comma-separated origins (https://example.org)
  NARDY_HTTPS               1 behind TLS: secure cookies, HSTS, proxy header
  DATABASE_URL              default sqlite under var/; postgres://... for PostgreSQL
  REDIS_URL                 default redis://127.0.0.1:6390/0 (the embedded server of `make run`)
  NARDY_VAR_DIR             where local data lives; default <repo>/var
  NARDY_SHARED              the shared documents folder; default <repo>/../shared
  NARDY_LOG_FORMAT          text (default) or json: one JSON object a log line
  NARDY_LOG_LEVEL           INFO by default
  NARDY_BROKER_TIMEOUT      seconds a request waits for the broker at most (0.5)
  NARDY_WORKER_BROKER_TIMEOUT seconds a worker waits for the broker's answer (30)
  NARDY_CACHE_URL           redis://... for a cache shared by all web processes and workers
                            (sign-in rate limits, cached page fragments); default an
                            in-process cache
  NARDY_PAGE_CACHE          1/0: keep the events' public fragments (bracket, crosstable,
                            standings) in the cache; default on when NARDY_CACHE_URL is set
  EMAIL_HOST                an SMTP server: mail goes out through it (with EMAIL_PORT,
                            EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS,
                            EMAIL_USE_SSL, EMAIL_TIMEOUT); without it mail is printed
                            on the console (development)
  EMAIL_BACKEND             a Django email backend, overriding the choice above
  DEFAULT_FROM_EMAIL        the sender of the site's mail
  NARDY_PROXY_COUNT         reverse proxies in front of the app (0: clients connect directly);
                            the client's address for lockouts and throttles is then taken
                            from X-Forwarded-For, never before
  NARDY_LOGIN_FAILURES      failed logins before a lockout (default 6)
  NARDY_DB_POOLER           transaction: PostgreSQL is behind PgBouncer in transaction mode
  NARDY_BACKUP_DIR / _KEEP  where `manage.py backup` writes (var/backups) and how many stay (14)
  NARDY_THROTTLE_ANON / _USER / _SEARCH  API rates, e.g. 120/minute
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from nardy_site.env import (
    database_config,
    debug_requested,
    email_backend,
    env_bool,
    env_list,
    languages_with_catalogues,
    secret_key,
    shared_cache,
)
from nardy_site.logs import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("NARDY_VAR_DIR", BASE_DIR / "var"))
SHARED_DIR = Path(os.environ.get("NARDY_SHARED", BASE_DIR.parent / "shared"))

DEBUG = debug_requested()
SECRET_KEY = secret_key(VAR_DIR)
ALLOWED_HOSTS = env_list("NARDY_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("NARDY_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "django_filters",
    "allauth",
    "allauth.account",
    "axes",
    "csp",
    "common",
    "nardy_site",
    "outbox",
    "clubs",
    "accounts",
    "tournaments",
    "games",
    "leaderboard",
    "federations",
    "chouette",
    "disputes",
    "money",
    "notifications",
    "webhooks",
    "analysis",
    "ladders",
]

MIDDLEWARE = [
    "nardy_site.client_address.ClientAddressMiddleware",  # first: REMOTE_ADDR is the client's
    "django.middleware.security.SecurityMiddleware",
    "nardy_site.errors.RequestSizeLimit",
    "nardy_site.errors.RefuseNulCharacters",
    "nardy_site.live_polls.LivePollMiddleware",  # an unchanged public poll: 304 from the cache
    "nardy_site.framing.FramingCSPMiddleware",  # django-csp, and the embed pages' framing
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "nardy_site.errors.ApiAnswers",  # before CommonMiddleware: sees its slash redirect
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "nardy_site.club_language.ClubLanguageMiddleware",  # a club's pages in its language
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into its answer
]

ROOT_URLCONF = "nardy_site.urls"
WSGI_APPLICATION = "nardy_site.wsgi.application"
ASGI_APPLICATION = "nardy_site.asgi.application"

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
                "nardy_site.context_processors.source_code",
            ],
        },
    },
]
# Forms: help texts are plain text, escaped (nardy_site/forms_renderer.py).
FORM_RENDERER = "nardy_site.forms_renderer.FormRenderer"

# Database: SQLite under var/ unless DATABASE_URL says otherwise.
DEFAULT_DATABASE_URL = f"sqlite:///{VAR_DIR / 'nardy.sqlite3'}"
DATABASES = {
    "default": database_config(
        os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
        VAR_DIR,
        # One test database per test run, so that runs in one checkout don't collide.
        test_suffix=f"_{os.getpid()}",
        pooler=os.environ.get("NARDY_DB_POOLER", ""),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(parents=True, exist_ok=True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# `manage.py backup` / `restore` (nardy_site.backups): where backups go and how many stay.
BACKUP_DIR = Path(os.environ.get("NARDY_BACKUP_DIR") or VAR_DIR / "backups")
BACKUP_KEEP = int(os.environ.get("NARDY_BACKUP_KEEP", "14"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Accounts (django-allauth): sign up with email and password, the address verified by a
# link before the first login; log in by email or username; password change and reset
# by email. Accounts an administrator made (createsuperuser, the admin, `manage.py demo`)
# have no address on record and log in without that step (accounts.stages).
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"email", "username"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
# A second sign-up with a known address is told so on the form, not by a mail only.
ACCOUNT_PREVENT_ENUMERATION = False
ACCOUNT_CONFIRM_EMAIL_ON_GET = False  # a link opens a page with a button: mail scanners follow links
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 3
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_SESSION_REMEMBER = None  # a "remember me" box on the login form
# Every account has a password (sign-up asks for one, login by code is off): reauthentication
# asks for it, never for a code by email (allauth's code pages answer 403).
ACCOUNT_REAUTHENTICATION_METHODS = ("password",)
# allauth's rate limits (per IP, per address, per user), kept in the cache below.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "confirm_email": "1/3m/key",
}

# Cache: allauth keeps its rate-limit counters here. With several web processes set
# NARDY_CACHE_URL=redis://... so that they share the counts.
# The cache being down must not break a page: django-redis answers a miss instead of
# raising (rate limits and throttles then let requests through; the page cache renders),
# and gives up on an unreachable server at once (nardy_site.env.shared_cache).
CACHES = {
    "default": (
        shared_cache(os.environ["NARDY_CACHE_URL"]) if os.environ.get("NARDY_CACHE_URL")
        # a console keeps a row per entrant (1,024 in a big knockout): the default limit of
        # 300 entries would cull its event's version among them, and every view would miss
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
              "OPTIONS": {"MAX_ENTRIES": 50_000}}
    )
}
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True  # logged (a warning), not silent
# The events' public fragments, kept per version of the event (tournaments/page_cache.py).
# Only with a cache every process shares: a write in one process (a web worker, a Celery
# worker) must drop what the others kept.
NARDY_PAGE_CACHE = env_bool("NARDY_PAGE_CACHE", bool(os.environ.get("NARDY_CACHE_URL")))

# Email: SMTP when EMAIL_HOST is set (production), else printed on the console
# (development, `make run`); the test runner uses the in-memory backend. Mail is sent
# by a worker through the outbox (outbox.mail.send_email_later), never inside a request.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = email_backend()
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=not env_bool("EMAIL_USE_SSL"))
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL")
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT") or 30)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Nardy <nardy@localhost>")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)

# Languages: every user-facing string is marked for translation. The languages offered
# are English and those with a catalogue in locale/ (adding one is adding its catalogue),
# each named in its own language in the switcher.
LANGUAGE_CODE = "en"
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGES = languages_with_catalogues(LOCALE_PATHS[0], default=LANGUAGE_CODE)
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_I18N = True
TIME_ZONE = os.environ.get("NARDY_TIME_ZONE", "UTC")
USE_TZ = True

# Static files: our own under static/, front-end libraries from npm (node_modules),
# served by whitenoise. Production: `manage.py collectstatic` into STATIC_ROOT.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("NARDY_STATIC_ROOT", VAR_DIR / "static"))
NODE_MODULES = BASE_DIR / "node_modules"
# The service worker and Workbox's libraries, built by the Makefile's node step
# (nardy_site/service_worker/build.mjs); /sw.js serves the worker (nardy_site/pwa.py).
PWA_BUILD_DIR = BASE_DIR / "build" / "pwa"
STATICFILES_DIRS = [
    ("vendor/htmx", NODE_MODULES / "htmx.org" / "dist"),
    ("vendor/pico", NODE_MODULES / "@picocss" / "pico" / "css"),
    ("pwa", PWA_BUILD_DIR),
]
if (BASE_DIR / "static").is_dir():
    STATICFILES_DIRS.insert(0, BASE_DIR / "static")
# Serve straight from the finders unless a collected STATIC_ROOT is asked for.
WHITENOISE_USE_FINDERS = not env_bool("NARDY_COLLECTED_STATIC")
if WHITENOISE_USE_FINDERS:
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns when it is missing

# Security. Behind TLS set NARDY_HTTPS=1.
SESSION_COOKIE_HTTPONLY = True
# Request bodies above this are refused with 413 (nardy_site.errors.RequestSizeLimit), JSON
# and uploads included; the largest thing the site takes is a 1 MB transcript.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
CSRF_FAILURE_VIEW = "nardy_site.errors.csrf_failure"
CSRF_COOKIE_HTTPONLY = False  # htmx reads nothing from it: the token goes in hx-headers
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Abuse. Logins (the page, the API token, the admin) lock out after NARDY_LOGIN_FAILURES
# failures from one address (django-axes, counted in the database, so across processes);
# a correct password resets the count. Every per-address rule (allauth's limits, the
# lockouts, the API's throttles, the access log) reads REMOTE_ADDR, which
# nardy_site.client_address sets to the client's address through the NARDY_PROXY_COUNT
# declared proxies (a forged X-Forwarded-For changes nothing).
PROXY_COUNT = int(os.environ.get("NARDY_PROXY_COUNT", "0"))
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", *AUTHENTICATION_BACKENDS]
# One more than allauth's limit per account on the sign-in page (ACCOUNT_RATE_LIMITS), so
# that page first says so in its own words; the admin login and /api/token/ have only this.
AXES_FAILURE_LIMIT = int(os.environ.get("NARDY_LOGIN_FAILURES", "6"))
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["ip_address", ["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_DISABLE_ACCESS_LOG = True  # failed attempts only: no log of every sign-in and address
AXES_LOCKOUT_CALLABLE = "nardy_site.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "nardy_site.client_address.of_request"
ALLAUTH_TRUSTED_PROXY_COUNT = 0  # REMOTE_ADDR is already the client's (see above)

# Content-Security-Policy: scripts and styles from this site only, no inline script
# (behaviour lives in static files: nardy/site.js, disputes/editor.js, ...). Inline style
# *attributes* are allowed (a bracket's column count, SVG cursors), style elements not.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-elem": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],  # the service worker (/sw.js)
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
if env_bool("NARDY_HTTPS"):
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("NARDY_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # probed over plain HTTP inside the network
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # HSTS for a year, subdomains included, preload-ready: `manage.py check --deploy`
    # passes with no warning (tests/nardy_site/test_abuse.py). A site that shares its
    # domain with plain-HTTP subdomains sets NARDY_HSTS_SUBDOMAINS=0 NARDY_HSTS_PRELOAD=0.
    SECURE_HSTS_SECONDS = int(os.environ.get("NARDY_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("NARDY_HSTS_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("NARDY_HSTS_PRELOAD", default=True)

# REST API
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # API clients send a token (POST /api/token/); no session cookie, so no CSRF
        # to mind, and an anonymous or badly signed request answers 401.
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "common.schema.AutoSchema",
    # Bodies are JSON (a transcript may also come as a multipart file upload).
    "DEFAULT_PARSER_CLASSES": ["common.parsers.JSONParser"],
    # Answers are JSON only (no browsable HTML pages: every answer under /api/ is JSON;
    # the documentation is at /api/docs/ and /api/redoc/).
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_PAGINATION_CLASS": "common.api.Pagination",
    "EXCEPTION_HANDLER": "common.api.exception_handler",
    # Throttles (per client address, or per user when signed in); searches are stricter.
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
        "nardy_site.throttles.SearchRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("NARDY_THROTTLE_ANON", "120/minute"),
        "user": os.environ.get("NARDY_THROTTLE_USER", "600/minute"),
        "search": os.environ.get("NARDY_THROTTLE_SEARCH", "30/minute"),
        "login": os.environ.get("NARDY_THROTTLE_LOGIN", "10/minute"),
    },
    "NUM_PROXIES": 0,  # REMOTE_ADDR is already the client's (nardy_site.client_address)
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Nardy API",
    "DESCRIPTION": (
        "Clubs, players, tournaments and games of short backgammon and long nardy.\n\n"
        "## Errors\n\n"
        "Every error (4xx and 5xx) is answered as JSON in one shape:\n\n"
        "```json\n"
        '{"error": {"code": "impossible_score",\n'
        '           "message": "In a 5-point match only one player can reach 5.",\n'
        '           "fields": {"score1": ["..."]}}}\n'
        "```\n\n"
        "* `code`: stable and machine-readable: `invalid` (400) for input that does not "
        "fit an operation's schema (the fields say why); a domain code such as "
        "`impossible_score`, `cube_in_crawford` or `already_confirmed` (409) for input "
        "that fits the schema but the rules or the current state refuse, and `not_found` "
        "(409) for an id in the body that names nothing; "
        "`not_authenticated` or `authentication_failed` (401), `not_allowed` or "
        "`permission_denied` (403), `not_found` (404: nothing at the address, an id in "
        "the path or a page number), `method_not_allowed`, `not_acceptable`, "
        "`unsupported_media_type`, `request_too_large` (413), `throttled` and "
        "`locked_out` (429), `server_error` for the others.\n"
        "* `message`: one sentence for a person, in the request's language "
        "(`Accept-Language`: `en` or `ru`).\n"
        "* `fields`: the input fields at fault, each with its sentences; nested fields are "
        "dotted (`doubles.0.value`); empty when the error is not about one field.\n\n"
        "## Authentication\n\n"
        "Reads of public data need nothing. Everything else needs a token: POST your "
        "username and password to `/api/token/`, then send `Authorization: Token <token>`. "
        "Five wrong passwords from one address lock signing in for 15 minutes (429). "
        "Requests are throttled (429 with `Retry-After`), searches more strictly.\n\n"
        "## Input\n\n"
        "Bodies are JSON (a transcript may also be a multipart file upload) and at most "
        "2.5 MB (413). Numbers have the bounds shown in each operation's schema; ids are "
        "whole numbers from 1 to 2^63 − 1; decimals are strings of digits (`\"4.5\"`); "
        "texts are trimmed, and a required text needs a visible character."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies get components of their own (XRequest), so what a client may send
    # and what it reads are described apart (see common.schema).
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "common.schema.require_visible_text",
    ],
    # Swagger UI and Redoc served from the drf-spectacular-sidecar package, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several apps have a "variant" and a "status" field with different choice sets:
    # name each set, so the schema's enums are stable and readable.
    "ENUM_NAME_OVERRIDES": {
        "VariantEnum": "games.choices.Variant",
        "AnalysisStatusEnum": "analysis.models.AnalysisStatus",
        "AnalysisKindEnum": "analysis.models.AnalysisKind",
        "AnalysisDepthEnum": "analysis.models.Depth",
        "BlockRuleEnum": "games.choices.BlockRule",
        "MatchStatusEnum": "games.choices.MatchStatus",
        "ResultStatusEnum": "games.choices.ResultStatus",
        "TranscriptStatusEnum": "games.choices.TranscriptStatus",
        "DisputeStatusEnum": "disputes.models.DisputeStatus",
        "ChouetteStatusEnum": "chouette.models.ChouetteSession.Status",
        "ChouetteSideEnum": "chouette.serializers.SIDE_CHOICES",
        "ChouetteResultKindEnum": "chouette.serializers.RESULT_KIND_CHOICES",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "LateEntryRuleEnum": "tournaments.models.LateEntryRule",
        "BracketConflictStatusEnum": "tournaments.models.BracketConflict.Status",
        "InvitationKindEnum": "clubs.models.Invitation.Kind",
        "ClubRoleEnum": "clubs.models.Role",
        "ChouetteRoleEnum": "chouette.serializers.ROLE_CHOICES",
        "JoinRequestStatusEnum": "clubs.models.JoinRequest.Status",
        "AffiliationSideEnum": "federations.models.Affiliation.Side",
    },
}

# Redis and Celery
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6390/0")
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL)
# Only the diagnostic `games.tasks.ping` stores a result: every other task's outcome is in
# the database, so no task stores one unless it asks (task_ignore_result).
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", REDIS_URL)
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_EXPIRES = timedelta(hours=1)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A request never waits long for a broker that is down or frozen: publishing tries once
# (no retry), connecting and each command give up after NARDY_BROKER_TIMEOUT seconds.
# The outbox (outbox/) keeps what could not be published and the sweep sends it later.
BROKER_TIMEOUT = float(os.environ.get("NARDY_BROKER_TIMEOUT", "0.5"))
CELERY_BROKER_CONNECTION_TIMEOUT = BROKER_TIMEOUT
# Worker processes wait longer for an answer (see nardy_site.celery.patient_worker).
WORKER_BROKER_TIMEOUT = float(os.environ.get("NARDY_WORKER_BROKER_TIMEOUT", "30"))
CELERY_TASK_PUBLISH_RETRY = False
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 0}
CELERY_TASK_ACKS_LATE = True  # a task lost with its worker is delivered again
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # long checking tasks: take one at a time
CELERY_TASK_TIME_LIMIT = int(os.environ.get("NARDY_TASK_TIME_LIMIT", "600"))
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("NARDY_TASK_SOFT_TIME_LIMIT", "540"))
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# kombu's Redis transport options (documented there):
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # with acks_late, Redis delivers an unacknowledged task again after this many seconds
    "visibility_timeout": CELERY_TASK_TIME_LIMIT + 60,
    "socket_connect_timeout": BROKER_TIMEOUT,
    "socket_timeout": BROKER_TIMEOUT,
    "socket_keepalive": True,
    # a connection that cannot be made fails at once instead of being retried
    "max_retries": 0,
}
CELERY_TIMEZONE = TIME_ZONE
# Match analysis (analysis/) has a queue of its own, served by its own worker process
# (`celery -A nardy_site worker -Q analysis --concurrency=1`), so a long analysis never
# delays dispute checks or mail on the default queue.
ANALYSIS_QUEUE = "analysis"
CELERY_TASK_ROUTES = {"analysis.*": {"queue": ANALYSIS_QUEUE}}
# GNU Backgammon's child process is killed when one game takes longer than this.
ANALYSIS_GAME_SECONDS = float(os.environ.get("NARDY_ANALYSIS_GAME_SECONDS", "300"))
# The outbox (outbox/): the first retry of work that could not be published or failed
# waits this long, each next one twice as long (at most OUTBOX_BACKOFF_MAX_SECONDS).
OUTBOX_BACKOFF_SECONDS = float(os.environ.get("NARDY_OUTBOX_BACKOFF_SECONDS", "10"))
OUTBOX_BACKOFF_MAX_SECONDS = 3600
HEARTBEAT_SECONDS = float(os.environ.get("NARDY_HEARTBEAT_SECONDS", "30"))
# Idempotency keys (common/idempotency.py): a resent write is answered from its key this
# long (a phone offline all day, an API client's retries); the sweep forgets older ones.
IDEMPOTENCY_KEY_HOURS = int(os.environ.get("NARDY_IDEMPOTENCY_HOURS", "24"))
CELERY_BEAT_SCHEDULE = {
    "sweep": {
        "task": "nardy_site.tasks.sweep",
        "schedule": float(os.environ.get("NARDY_SWEEP_SECONDS", "60")),
    },
    "outbox": {
        "task": "outbox.sweep",
        "schedule": float(os.environ.get("NARDY_OUTBOX_SWEEP_SECONDS", "10")),
    },
    "heartbeat": {"task": "outbox.heartbeat", "schedule": HEARTBEAT_SECONDS},
}
# SQLite: keep a worker's connection between tasks (reopening one costs more than a check).
CELERY_DB_REUSE_MAX = 500 if DATABASES["default"]["ENGINE"].endswith("sqlite3") else None
CELERY_TASK_ALWAYS_EAGER = env_bool("NARDY_CELERY_EAGER")
CELERY_TASK_EAGER_PROPAGATES = True

# The file backend's folder (the event-day e2e test reads a worker's mail from there).
EMAIL_FILE_PATH = os.environ.get("NARDY_EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
# The site's address as people reach it: links in emails and Telegram messages.
NARDY_SITE_URL = os.environ.get("NARDY_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# Where users get this program's source (AGPL-3.0-or-later, section 13): every page links
# to it. Empty: the site offers the source it runs itself (/source.tar.gz, nardy_site.source);
# or the address of a public copy of exactly the version you run.
NARDY_SOURCE_URL = os.environ.get("NARDY_SOURCE_URL", "").strip()
# The site's name in account emails ("Hello from Nardy!", the subject's "[Nardy]"); by
# default "Nardy" in the reader's language.
NARDY_SITE_NAME = os.environ.get("NARDY_SITE_NAME", "").strip()
# Notifications by Telegram: a bot token turns the channel on (notifications.channels).
NARDY_TELEGRAM_BOT_TOKEN = os.environ.get("NARDY_TELEGRAM_BOT_TOKEN", "")
NARDY_TELEGRAM_API = os.environ.get("NARDY_TELEGRAM_API", "https://api.telegram.org").rstrip("/")

# Logs: text, or JSON lines with NARDY_LOG_FORMAT=json (nardy_site/logs.py), for every
# process; Celery workers keep this configuration instead of installing their own.
LOGGING = logging_config(
    os.environ.get("NARDY_LOG_FORMAT", "text"), os.environ.get("NARDY_LOG_LEVEL", "INFO")
)
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
