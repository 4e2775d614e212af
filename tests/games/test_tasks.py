import pytest

from games.tasks import ping
from tests.factories import UserFactory


@pytest.mark.django_db
def test_ping_echoes_and_reads_the_database() -> None:
    UserFactory()
    assert ping.delay("hello").get(timeout=5) == {"pong": "hello", "users": 1}
