"""The Celery app: `celery -A nardy_site worker` finds it here.

Settings come from Django settings with the CELERY_ prefix; tasks are found in each
installed app's tasks.py.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "nardy_site.settings")

app = Celery("nardy_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
