"""The Django project: settings, urls, the Celery app, wsgi/asgi."""

from nardy_site.celery import app as celery_app

__all__ = ["celery_app"]
