"""gunicorn's configuration for production: ``gunicorn -c python:nardy_site.gunicorn
nardy_site.wsgi``. Everything from the environment:

  NARDY_BIND            address to listen on (0.0.0.0:8000)
  NARDY_WEB_WORKERS     worker processes (2 × cores + 1)
  NARDY_WEB_THREADS     threads per worker process (4)
  NARDY_WEB_KEEPALIVE   seconds an idle keep-alive connection is kept (5)
  NARDY_LOG_FORMAT      text or json, as for the rest of the project (nardy_site/logs.py)
  NARDY_LOG_LEVEL       INFO
"""

from __future__ import annotations

import multiprocessing
import os

from nardy_site.logs import logging_config

bind = os.environ.get("NARDY_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("NARDY_WEB_WORKERS") or multiprocessing.cpu_count() * 2 + 1)
threads = int(os.environ.get("NARDY_WEB_THREADS", "4"))
worker_class = "gthread"
timeout = 30
graceful_timeout = 30
keepalive = int(os.environ.get("NARDY_WEB_KEEPALIVE", "5"))  # seconds an idle connection stays
max_requests = 2000  # a worker is replaced now and then (memory stays bounded)
max_requests_jitter = 200
accesslog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
logconfig_dict = logging_config(
    os.environ.get("NARDY_LOG_FORMAT", "text"), os.environ.get("NARDY_LOG_LEVEL", "INFO")
)
