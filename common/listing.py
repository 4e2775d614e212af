"""Lists with filters and pages: a django-filter FilterSet over a queryset, then a page.

Bad input never fails: an unknown page number gives the nearest page, an invalid filter
value shows the field's error above an empty list.
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest
from django_filters import FilterSet

PER_PAGE = 25


def filtered_page(
    request: HttpRequest,
    filterset_class: type[FilterSet],
    queryset: QuerySet[Any],
    *,
    per_page: int = PER_PAGE,
    **filterset_kwargs: Any,
) -> tuple[FilterSet, Page]:
    """The filters bound to the request's query string, and the asked page of what passes."""
    filters = filterset_class(request.GET or None, queryset=queryset, request=request,
                              **filterset_kwargs)
    return filters, Paginator(filters.qs, per_page).get_page(request.GET.get("page"))
